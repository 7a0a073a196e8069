import type { AdminApplication } from '@learnbuild/domain/schemas/admin';
import { ExternalLink } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/class-names';
import { useToast } from '@/components/ui/toast';
import { useApproveApplication } from '@/features/admin/api/decide-application';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/dates';
import { RejectDialog } from './reject-dialog';

const STATUS_BADGE: Record<AdminApplication['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Pending', tone: 'amber' },
  approved: { label: 'Approved', tone: 'green' },
  rejected: { label: 'Rejected', tone: 'red' },
};

function yearsText(years: number | null): string {
  if (years === null) return 'Experience not given';
  return `${years} ${years === 1 ? 'year' : 'years'} of experience`;
}

function Detail({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-0.5', className)}>
      <dt className="text-xs font-medium uppercase tracking-wide text-muted">{term}</dt>
      <dd className="min-w-0 text-sm break-words">{children}</dd>
    </div>
  );
}

/** One application with the applicant's details; a pending one offers Approve and Reject. */
export function ApplicationCard({ application }: { application: AdminApplication }) {
  const headingId = useId();
  const toast = useToast();
  const approve = useApproveApplication();
  const [rejecting, setRejecting] = useState(false);
  const badge = STATUS_BADGE[application.status];
  const articleRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStatus = useRef(application.status);

  // Once decided, the buttons go away; keyboard focus that was on them (or fell back to the page) lands
  // on the applicant's name instead of the top of the page.
  useEffect(() => {
    const wasPending = shownStatus.current === 'pending';
    shownStatus.current = application.status;
    if (!wasPending || application.status === 'pending') return;
    const active = document.activeElement;
    if (!active || active === document.body || articleRef.current?.contains(active)) headingRef.current?.focus();
  }, [application.status]);
  const { user } = application;

  const approveNow = () =>
    approve.mutate(application.id, {
      onSuccess: (reply) => toast(reply.message, 'success'),
      onError: (error) => toast(errorMessage(error, 'Could not approve the application'), 'error'),
    });

  return (
    <Card className="p-4 sm:p-5">
      <article
        ref={articleRef}
        aria-labelledby={headingId}
        className="flex flex-col gap-4"
        data-testid="application-card"
      >
        <header className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={headingId} ref={headingRef} tabIndex={-1} className="font-semibold break-words">
              {user.name}
            </h3>
            <p className="text-sm text-muted break-all">{user.email}</p>
          </div>
          <Badge tone={badge.tone}>{badge.label}</Badge>
        </header>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <span>
            Requested <time dateTime={application.requestDate}>{formatDate(application.requestDate)}</time>
          </span>
          {application.decidedAt ? (
            <span>
              Decided <time dateTime={application.decidedAt}>{formatDate(application.decidedAt)}</time>
            </span>
          ) : null}
          <span>{yearsText(application.yearsOfExperience)}</span>
        </p>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Detail term="Bio" className="sm:col-span-2">
            {application.bio ? <span className="whitespace-pre-line">{application.bio}</span> : 'Not given'}
          </Detail>
          <Detail term="Expertise">
            {application.expertise.length ? (
              <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Areas of expertise">
                {application.expertise.map((area) => (
                  <li key={area}>
                    <Badge tone="brand">{area}</Badge>
                  </li>
                ))}
              </ul>
            ) : (
              'Not given'
            )}
          </Detail>
          <Detail term="Links">
            {application.links.length ? (
              <ul className="flex flex-col gap-1">
                {application.links.map((link) => (
                  <li key={link}>
                    <a
                      href={link}
                      target="_blank"
                      rel="noopener noreferrer nofollow"
                      className="inline-flex items-start gap-1 break-all text-brand-700 underline dark:text-brand-200"
                    >
                      {link}
                      <ExternalLink className="mt-0.5 h-3.5 w-3.5 shrink-0" aria-hidden />
                      <span className="sr-only">(opens in a new tab)</span>
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              'Not given'
            )}
          </Detail>
          {application.status === 'rejected' ? (
            <>
              <Detail term="Reason">{application.rejectionReason ?? 'Not given'}</Detail>
              <Detail term="Resubmission">{application.resubmissionAllowed ? 'Allowed' : 'Not allowed'}</Detail>
            </>
          ) : null}
        </dl>
        {application.status === 'pending' ? (
          <div className="flex flex-wrap gap-2">
            <Button onClick={approveNow} disabled={approve.isPending} aria-describedby={headingId}>
              Approve
            </Button>
            <Button
              variant="secondary"
              onClick={() => setRejecting(true)}
              disabled={approve.isPending}
              aria-describedby={headingId}
            >
              Reject
            </Button>
          </div>
        ) : null}
      </article>
      {rejecting ? <RejectDialog application={application} onClose={() => setRejecting(false)} /> : null}
    </Card>
  );
}
