import { percentOf } from '@learnbuild/domain/rules/core-progress';
import { levelBadge } from '@learnbuild/domain/rules/level-badge';
import { CheckCircle2, ChevronRight, Circle } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Skeleton } from '@/components/ui/skeleton';
import { SubjectIcon } from '@/components/ui/subject-icon';
import { useSubject } from '@/features/subjects/api/get-subject';
import { SubjectLoadProblem } from '@/features/subjects/components/load-states';
import { errorStatus } from '@/lib/api-client';

export function SubjectPage() {
  const { subjectId = '' } = useParams();
  const subject = useSubject(subjectId);
  if (!subject.data) {
    if (subject.isPending && subject.fetchStatus !== 'paused') {
      return (
        <div className="mx-auto max-w-4xl space-y-4 px-4 py-10">
          <Skeleton className="h-10 w-72" />
          <Skeleton className="h-40" />
          <Skeleton className="h-40" />
        </div>
      );
    }
    return (
      <SubjectLoadProblem
        paused={subject.fetchStatus === 'paused'}
        missing={errorStatus(subject.error) === 404}
        what="subject"
        back={{ to: '/core-subjects', label: 'All subjects' }}
        onRetry={() => void subject.refetch()}
      />
    );
  }
  const data = subject.data;
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <nav aria-label="Breadcrumb" className="mb-4 text-sm text-muted">
        <Link to="/core-subjects" className="hover:underline">
          Core Subjects
        </Link>{' '}
        / <span aria-current="page">{data.name}</span>
      </nav>
      <header className="mb-8 flex flex-col gap-4 sm:flex-row sm:items-center">
        <SubjectIcon icon={data.icon} className="h-14 w-14" />
        <div className="flex-1">
          <h1 className="text-3xl font-bold tracking-tight">{data.name}</h1>
          <p className="mt-1 text-muted">{data.description}</p>
        </div>
        {/* A badge, not a bar: it keeps its own width in the phone's stacked header. */}
        <Badge tone="brand" className="self-start sm:self-center" data-testid="subject-level">
          {levelBadge(data.progress)}
        </Badge>
      </header>
      <div className="surface mb-8 rounded-2xl border p-5">
        <div className="mb-2 flex justify-between text-sm">
          <span className="font-medium">Your progress</span>
          <span className="font-semibold" data-testid="subject-detail-progress">
            {data.progress}%
          </span>
        </div>
        <Progress value={data.progress} label={`${data.name} progress`} />
      </div>
      <ol className="flex flex-col gap-4">
        {data.topics.map((topic, index) => {
          const done = topic.subtopics.filter((s) => s.completed).length;
          const total = topic.subtopics.length;
          return (
            <li key={topic.id} data-testid={`topic-${topic.id}`}>
              <Card className="p-5">
                <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                  <div>
                    <p className="text-xs font-semibold uppercase tracking-wide text-brand-600 dark:text-brand-400">
                      Topic {index + 1}
                    </p>
                    <h2 className="text-lg font-semibold">
                      {total > 0 ? (
                        <Link to={`/subject/${data.id}/topic/${topic.id}`} className="hover:underline">
                          {topic.name}
                        </Link>
                      ) : (
                        topic.name
                      )}
                    </h2>
                    <p className="mt-1 text-sm text-muted">{topic.description}</p>
                  </div>
                  <span className="shrink-0 text-sm font-medium text-muted" data-testid="topic-progress">
                    {total > 0 ? `${done}/${total} lessons` : 'No lessons yet'}
                  </span>
                </div>
                {total > 0 ? (
                  <Progress value={percentOf(done, total)} label={`${topic.name} progress`} className="mt-3" />
                ) : null}
                <ul className="mt-4 divide-y divide-[var(--border)]">
                  {topic.subtopics.map((subtopic) => (
                    <li key={subtopic.id}>
                      <Link
                        to={`/subject/${data.id}/topic/${topic.id}/subtopic/${subtopic.id}`}
                        className="flex items-center gap-3 rounded-lg px-2 py-2.5 text-sm hover:bg-muted"
                      >
                        {subtopic.completed ? (
                          <CheckCircle2 className="h-5 w-5 text-emerald-600" aria-label="Completed" />
                        ) : (
                          <Circle className="h-5 w-5 text-slate-400" aria-label="Not completed" />
                        )}
                        <span className="flex-1">{subtopic.name}</span>
                        <ChevronRight className="h-4 w-4 text-muted" aria-hidden />
                      </Link>
                    </li>
                  ))}
                </ul>
              </Card>
            </li>
          );
        })}
      </ol>
    </div>
  );
}
