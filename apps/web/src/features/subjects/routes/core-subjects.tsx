import { overallCoreProgress } from '@learnbuild/domain/rules/core-progress';
import { BookOpen, WifiOff } from 'lucide-react';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { useSubjects } from '@/features/subjects/api/get-subjects';
import { SubjectCard } from '@/features/subjects/components/subject-card';

export function CoreSubjectsPage() {
  const subjects = useSubjects();
  const list = subjects.data?.subjects ?? [];
  const overall = overallCoreProgress(list.map((s) => s.progress));
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHeader
        title="Core Subjects"
        subtitle="The computer-science fundamentals every interview asks about, topic by topic."
      />
      {subjects.data?.offline ? (
        <p
          role="status"
          className="mb-6 flex items-center gap-2 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
        >
          <WifiOff className="h-4 w-4" aria-hidden /> You're offline. Showing the progress saved on this device.
        </p>
      ) : null}
      {subjects.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-52" />
          ))}
        </div>
      ) : list.length === 0 ? (
        <EmptyState icon={BookOpen} title="No subjects yet">
          An admin has not published any subject yet. Check back soon.
        </EmptyState>
      ) : (
        <>
          <div className="surface mb-6 rounded-2xl border p-5">
            <div className="mb-2 flex items-center justify-between text-sm">
              <span className="font-medium">Overall core progress</span>
              <span className="font-semibold" data-testid="overall-core-progress">
                {overall}%
              </span>
            </div>
            <Progress value={overall} label="Overall core progress" />
          </div>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {list.map((subject) => (
              <SubjectCard key={subject.id} subject={subject} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
