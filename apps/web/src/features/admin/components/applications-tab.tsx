import { Inbox } from 'lucide-react';
import { FilterSelect } from '@/components/ui/filter-select';
import { useApplications } from '@/features/admin/api/get-applications';
import type { StatusFilter, useAdminParams } from '@/features/admin/use-admin-params';
import { ApplicationCard } from './application-card';
import { ListFilters, noMatchText } from './filters';
import { AdminList } from './list-state';

const STATUS_OPTIONS: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'rejected', label: 'Rejected' },
];

const EMPTY_TEXT: Record<StatusFilter, string> = {
  pending: 'No one is waiting for a decision.',
  approved: 'No application has been approved yet.',
  rejected: 'No application has been rejected.',
  all: 'No one has applied to teach yet.',
};

/** Instructor applications, pending ones first (the server's order), by status, searchable by name or email. */
export function ApplicationsTab({ params }: { params: ReturnType<typeof useAdminParams> }) {
  const { status, q, page, update } = params;
  const query = useApplications({ status: status === 'all' ? undefined : status, q, page });
  const applications = query.data?.applications ?? [];

  return (
    <div className="flex flex-col gap-5">
      <ListFilters label="Filter applications" q={q} update={update}>
        <FilterSelect
          label="Status"
          value={status}
          onChange={(value) => update({ status: value === 'all' ? undefined : value })}
        >
          {STATUS_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </FilterSelect>
      </ListFilters>
      <AdminList
        query={query}
        total={query.data?.total ?? 0}
        shown={applications.length}
        noun={['application', 'applications']}
        empty={{
          icon: Inbox,
          title: q ? 'No matching applications' : 'No applications',
          text: q ? noMatchText(q) : EMPTY_TEXT[status],
        }}
        page={page}
        onPage={(next) => update({ page: String(next) })}
      >
        <ul className="flex flex-col gap-4" aria-label="Applications">
          {applications.map((application) => (
            <li key={application.id}>
              <ApplicationCard application={application} />
            </li>
          ))}
        </ul>
      </AdminList>
    </div>
  );
}
