import { roleLabel } from '@learnbuild/domain/roles';
import type { AdminStats } from '@learnbuild/domain/schemas/admin';
import type { User } from '@learnbuild/domain/schemas/auth';
import type { AdminCharts } from '@learnbuild/domain/schemas/dashboard';
import {
  BookOpen,
  ClipboardList,
  Code2,
  GraduationCap,
  Layers,
  type LucideIcon,
  Shield,
  TrendingUp,
  UserCheck,
  Users,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { avatarInitial } from '@/components/ui/avatar';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { BarChart } from '@/components/ui/bar-chart';
import { Skeleton } from '@/components/ui/skeleton';
import { useAdminCharts } from '@/features/dashboard/api/get-admin-charts';
import { useAdminStats } from '@/features/dashboard/api/get-admin-stats';
import { useDashboardSync } from '@/features/dashboard/live/use-dashboard-sync';
import { formatDate, formatDay } from '@/lib/dates';
import { DashboardHeader, ProgressUpdatedBanner } from './dashboard-header';
import { Panel } from './panel';
import { StatCard } from './stat-card';

const ROLE_TONE: Record<'Admin' | 'Instructor' | 'Student', BadgeTone> = {
  Admin: 'red',
  Instructor: 'amber',
  Student: 'brand',
};

/** SPEC 2: Quick Actions link to /admin, /admin/dsa, /admin/subjects and /courses. */
const QUICK_ACTIONS: { to: string; label: string; note: string; icon: LucideIcon }[] = [
  { to: '/admin', label: 'Admin Panel', note: 'Applications, users, audit log', icon: Shield },
  { to: '/admin/dsa', label: 'DSA Management', note: 'Problems and topics', icon: Code2 },
  { to: '/admin/subjects', label: 'Manage Subjects', note: 'Core subjects and lessons', icon: BookOpen },
  { to: '/courses', label: 'Courses', note: 'The course catalogue', icon: Layers },
];

const percent = (value: number) => `${value}%`;

/**
 * One person in a dashboard list: their first letter in a circle (the navbar's avatar keeps its own
 * test id to itself), name, a line about them, and what the list says of them at the end.
 */
function PersonRow({
  name,
  detail,
  testId,
  children,
}: {
  name: string;
  detail: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <li className="flex items-center gap-3" data-testid={testId}>
      <span
        className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
        aria-hidden
      >
        {avatarInitial(name)}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{name}</span>
        <span className="block truncate text-xs text-muted">{detail}</span>
      </span>
      {children}
    </li>
  );
}

/** SPEC 2 "Admin dashboard": what an Admin sees on /dashboard. */
export function AdminDashboard({ user }: { user: User }) {
  const stats = useAdminStats(user.id);
  const charts = useAdminCharts(user.id);
  const sync = useDashboardSync(user.id, [stats.dataUpdatedAt, charts.dataUpdatedAt]);
  const data = stats.data;

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <DashboardHeader user={user} sync={sync} />
      <ProgressUpdatedBanner updatedAt={sync.updatedAt} />
      {/* The cards' labels are h3s: this heading keeps the outline from jumping from the h1 to them. */}
      <section aria-labelledby="platform-numbers-heading" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <h2 id="platform-numbers-heading" className="sr-only">
          Platform numbers
        </h2>
        <StatCard
          label="Total Students"
          value={data?.overview.totalStudents}
          icon={Users}
          testId="stat-total-students"
        />
        <StatCard
          label="Total Instructors"
          value={data?.overview.totalInstructors}
          icon={GraduationCap}
          testId="stat-total-instructors"
        />
        <StatCard label="Total Courses" value={data?.overview.totalCourses} icon={Layers} testId="stat-total-courses" />
        <StatCard
          label="Pending Applications"
          value={data?.overview.pendingInstructorApps}
          icon={ClipboardList}
          testId="stat-pending-applications"
        />
      </section>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <Panel
            title="Platform Overview"
            link={{ to: '/admin', label: 'Open the platform details' }}
            testId="platform-overview"
          >
            {data ? <PlatformOverview stats={data} /> : <Skeleton className="h-32" />}
          </Panel>
          <Panel title="Trends over the last 12 weeks" testId="admin-charts">
            {charts.data ? <Charts charts={charts.data} /> : <Skeleton className="h-64" />}
          </Panel>
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <Panel title="Quick Actions" testId="quick-actions">
            <ul className="grid gap-2">
              {QUICK_ACTIONS.map((action) => (
                <li key={action.to}>
                  <Link
                    to={action.to}
                    className="flex items-center gap-3 rounded-xl border border-default p-3 transition-colors hover:bg-muted"
                  >
                    <action.icon className="h-5 w-5 shrink-0 text-brand-600" aria-hidden />
                    <span className="min-w-0">
                      <span className="block font-medium">{action.label}</span>
                      <span className="block text-xs text-muted">{action.note}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </Panel>
          <Panel title="Top Instructors" testId="top-instructors">
            {!data ? (
              <Skeleton className="h-32" />
            ) : data.topInstructors.length === 0 ? (
              <p className="text-sm text-muted">No instructors yet.</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {data.topInstructors.map((instructor) => (
                  <PersonRow
                    key={instructor._id}
                    name={instructor.name}
                    detail={instructor.email}
                    testId="top-instructor"
                  >
                    <span className="shrink-0 text-sm text-muted">
                      {instructor.courseCount} {instructor.courseCount === 1 ? 'course' : 'courses'}
                    </span>
                  </PersonRow>
                ))}
              </ul>
            )}
          </Panel>
          <Panel title="Recent Users" testId="recent-users">
            {!data ? (
              <Skeleton className="h-40" />
            ) : (
              <ul className="flex flex-col gap-3">
                {data.recentUsers.map((recent) => {
                  const label = roleLabel(recent.role);
                  return (
                    <PersonRow
                      key={recent.id}
                      name={recent.name}
                      detail={`Joined ${formatDate(recent.joinedAt)}`}
                      testId="recent-user"
                    >
                      <Badge tone={ROLE_TONE[label]}>{label}</Badge>
                    </PersonRow>
                  );
                })}
              </ul>
            )}
          </Panel>
        </div>
      </div>
    </div>
  );
}

function Figure({ label, value, testId }: { label: string; value: string | number; testId: string }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl bg-muted px-3 py-2 min-[400px]:block min-[400px]:p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-lg font-semibold min-[400px]:mt-1 min-[400px]:text-xl" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** A titled row of figures in the Platform Overview. */
function FigureGroup({
  title,
  icon: Icon,
  testId,
  children,
}: {
  title: string;
  icon: LucideIcon;
  testId: string;
  children: ReactNode;
}) {
  return (
    <div data-testid={testId}>
      <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold">
        <Icon className="h-4 w-4 text-brand-600" aria-hidden /> {title}
      </h3>
      <dl className="grid grid-cols-1 gap-2 min-[400px]:grid-cols-3 md:grid-cols-1 xl:grid-cols-3">{children}</dl>
    </div>
  );
}

function PlatformOverview({ stats }: { stats: AdminStats }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <FigureGroup title="Growth Metrics" icon={TrendingUp} testId="growth-metrics">
        <Figure label="New students this month" value={stats.growth.newStudentsThisMonth} testId="new-students" />
        <Figure label="New courses this month" value={stats.growth.newCoursesThisMonth} testId="new-courses" />
        <Figure label="Student growth rate" value={percent(stats.growth.studentGrowthRate)} testId="growth-rate" />
      </FigureGroup>
      <FigureGroup title="DSA Engagement" icon={UserCheck} testId="dsa-engagement">
        <Figure label="Total DSA users" value={stats.dsa.totalUsers} testId="dsa-users" />
        <Figure label="Active DSA users" value={stats.dsa.activeUsers} testId="dsa-active-users" />
        <Figure label="Engagement rate" value={percent(stats.dsa.engagementRate)} testId="engagement-rate" />
      </FigureGroup>
    </div>
  );
}

const shortDate = (isoDay: string) => formatDay(isoDay, 'dayMonth');

function Charts({ charts }: { charts: AdminCharts }) {
  return (
    <div className="grid gap-6 xl:grid-cols-2">
      <BarChart
        title="Sign-ups per week"
        unit={['sign-up', 'sign-ups']}
        data={charts.signupsPerWeek.map((week) => ({
          label: `Week of ${shortDate(week.weekStart)}`,
          value: week.count,
        }))}
        testId="chart-signups"
      />
      <BarChart
        title="DSA problems solved per day"
        unit={['solve', 'solves']}
        data={charts.dsaSolvesPerDay.map((day) => ({ label: shortDate(day.date), value: day.count }))}
        testId="chart-solves"
      />
    </div>
  );
}
