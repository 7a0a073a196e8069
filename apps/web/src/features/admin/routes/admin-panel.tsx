import { BookOpen, Code2 } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApplicationsTab } from '@/features/admin/components/applications-tab';
import { AuditLogTab } from '@/features/admin/components/audit-log-tab';
import { JobsTab } from '@/features/admin/components/jobs-tab';
import { ReportsTab } from '@/features/admin/components/reports-tab';
import { UsersTab } from '@/features/admin/components/users-tab';
import { type AdminTab, useAdminParams } from '@/features/admin/use-admin-params';

const TAB_LABELS: Record<AdminTab, string> = {
  applications: 'Applications',
  users: 'Users',
  reports: 'Reports',
  audit: 'Audit log',
  jobs: 'Jobs',
};

/**
 * SPEC 2 /admin: instructor applications, users and their roles, the community's report queue (issue 12)
 * the audit log of admin actions, and the platform's scheduled jobs (issue 31).
 */
export function AdminPanelPage() {
  const params = useAdminParams();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <PageHeader
        title="Admin Panel"
        subtitle="Review instructor applications and community reports, manage roles and see who did what."
        actions={
          <nav aria-label="Other admin screens" className="flex flex-wrap gap-2 whitespace-nowrap sm:flex-nowrap">
            <Link to="/admin/subjects" className={buttonClasses('secondary', 'sm')}>
              <BookOpen className="h-4 w-4" aria-hidden />
              Manage subjects
            </Link>
            <Link to="/admin/dsa" className={buttonClasses('secondary', 'sm')}>
              <Code2 className="h-4 w-4" aria-hidden />
              DSA Management
            </Link>
          </nav>
        }
      />
      <Tabs
        value={params.tab}
        onValueChange={(value) => params.selectTab(value as AdminTab)}
        className="flex flex-col gap-6"
      >
        <TabsList aria-label="Admin sections" className="self-start">
          {Object.entries(TAB_LABELS).map(([value, label]) => (
            <TabsTrigger key={value} value={value}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="applications" className="focus:outline-none">
          {params.tab === 'applications' ? <ApplicationsTab params={params} /> : null}
        </TabsContent>
        <TabsContent value="users" className="focus:outline-none">
          {params.tab === 'users' ? <UsersTab params={params} /> : null}
        </TabsContent>
        <TabsContent value="reports" className="focus:outline-none">
          {params.tab === 'reports' ? <ReportsTab params={params} /> : null}
        </TabsContent>
        <TabsContent value="audit" className="focus:outline-none">
          {params.tab === 'audit' ? <AuditLogTab params={params} /> : null}
        </TabsContent>
        <TabsContent value="jobs" className="focus:outline-none">
          {params.tab === 'jobs' ? <JobsTab /> : null}
        </TabsContent>
      </Tabs>
    </div>
  );
}
