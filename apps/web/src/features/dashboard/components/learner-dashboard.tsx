import { isInstructor } from '@learnbuild/domain/roles';
import { overallCoreProgress, percentOf } from '@learnbuild/domain/rules/core-progress';
import type { User } from '@learnbuild/domain/schemas/auth';
import type { SubjectSummary } from '@learnbuild/domain/schemas/subjects';
import { BookOpen, CheckCircle2, GraduationCap, Layers, Users } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Progress } from '@/components/ui/progress';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCourseSummary } from '@/features/dashboard/api/get-courses';
import { useDashboardDsa } from '@/features/dashboard/api/get-dsa-progress';
import { useDashboardSubjects } from '@/features/dashboard/api/get-subjects';
import { useDashboardSync } from '@/features/dashboard/live/use-dashboard-sync';
import { ActivityHistory } from './activity-history';
import { BadgesPanel } from './badges-panel';
import { CareerPanel } from './career-panel';
import { ContinuePanel } from './continue-panel';
import { CoreSubjectsPanel } from './core-subjects-panel';
import { DashboardHeader, ProgressUpdatedBanner } from './dashboard-header';
import { DsaPanel } from './dsa-panel';
import { MyCourses } from './my-courses';
import { RecentActivity } from './recent-activity';
import { StatCard } from './stat-card';
import { StudyPlanCard } from './study-plan-card';

export interface LearnerDashboardProps {
  user: User;
  /** The 'Become an Instructor' card; it hides itself for instructors. */
  instructorCard?: ReactNode;
  /** SPEC 8: the locally stored progress of the four core subjects, for a failed subject fetch. */
  localSubjects: () => SubjectSummary[];
  onApplicationChanged?: () => void;
}

type Tab = 'overview' | 'courses' | 'activity';

/** SPEC 2 "Dashboard" for Students and Instructors. */
export function LearnerDashboard({ user, instructorCard, localSubjects, onApplicationChanged }: LearnerDashboardProps) {
  const [tab, setTab] = useState<Tab>('overview');
  const dsa = useDashboardDsa(user.id);
  const { subjects, query: subjectsQuery } = useDashboardSubjects(user.id, localSubjects);
  const { courses, query: coursesQuery } = useCourseSummary(user.id);
  const sync = useDashboardSync(
    user.id,
    [...dsa.queries.map((query) => query.dataUpdatedAt), subjectsQuery.dataUpdatedAt, coursesQuery.dataUpdatedAt],
    onApplicationChanged,
  );
  const teaches = isInstructor(user.role);
  const corePercent = subjects ? overallCoreProgress(subjects.map((subject) => subject.progress)) : undefined;
  const dsaPercent = dsa.stats ? percentOf(dsa.stats.completedProblems, dsa.stats.totalProblems) : undefined;
  const careerInputs =
    courses && dsaPercent !== undefined && corePercent !== undefined
      ? { coursePercent: courses.completionPercent, dsaPercent, topicPercent: corePercent }
      : undefined;
  const now = new Date();

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-6 px-4 py-8 sm:px-6">
      <DashboardHeader user={user} sync={sync} />
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="flex flex-col gap-6">
        <TabsList aria-label="Dashboard sections" className="self-start">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="courses">My Courses</TabsTrigger>
          <TabsTrigger value="activity">Activity</TabsTrigger>
        </TabsList>

        <TabsContent value="overview" className="flex flex-col gap-6 focus-visible:outline-none">
          <ProgressUpdatedBanner updatedAt={sync.updatedAt} />
          <ContinuePanel userId={user.id} now={now} />
          {/* The cards' labels are h3s: this heading keeps the outline from jumping from the h1 to them. */}
          <section aria-labelledby="your-numbers-heading" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <h2 id="your-numbers-heading" className="sr-only">
              Your numbers
            </h2>
            <StatCard label="Total Courses" value={courses?.totalCourses} icon={Layers} testId="stat-total-courses" />
            {teaches ? (
              <StatCard
                label="Total Students"
                value={courses?.totalStudents}
                icon={Users}
                testId="stat-total-students"
              />
            ) : (
              <StatCard
                label="Enrolled Courses"
                value={courses?.enrolledCourses}
                icon={GraduationCap}
                testId="stat-enrolled-courses"
              />
            )}
            <StatCard
              label="Completed"
              value={dsa.stats?.completedProblems}
              icon={CheckCircle2}
              testId="stat-completed"
            >
              <p className="text-xs text-muted">DSA problems solved</p>
            </StatCard>
            <StatCard
              label="Core Progress"
              value={corePercent === undefined ? undefined : `${corePercent}%`}
              icon={BookOpen}
              testId="stat-core-progress"
            >
              <Progress value={corePercent ?? 0} label="Core subjects progress" />
            </StatCard>
          </section>
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
              <StudyPlanCard userId={user.id} />
              <CoreSubjectsPanel subjects={subjects} />
              <DsaPanel stats={dsa.stats} activity={dsa.activity} />
              <RecentActivity userId={user.id} now={now} onShowAll={() => setTab('activity')} />
            </div>
            <div className="flex min-w-0 flex-col gap-6">
              {instructorCard}
              <CareerPanel inputs={careerInputs} />
              <BadgesPanel userId={user.id} />
            </div>
          </div>
        </TabsContent>

        <TabsContent value="courses" className="focus-visible:outline-none">
          <MyCourses courses={courses} teaches={teaches} />
        </TabsContent>

        <TabsContent value="activity" className="focus-visible:outline-none">
          <ActivityHistory userId={user.id} now={now} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
