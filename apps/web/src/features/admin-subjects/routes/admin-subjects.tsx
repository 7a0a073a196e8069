import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/page-header';
import { useSubjectOutline } from '@/features/admin-subjects/api/get-subject-outline';
import { LessonList } from '@/features/admin-subjects/components/lesson-list';
import { Panel } from '@/features/admin-subjects/components/panel';
import { SubjectList } from '@/features/admin-subjects/components/subject-list';
import { TopicList } from '@/features/admin-subjects/components/topic-list';

/** On a phone the columns stack, so the next one is brought into view when a row is picked. */
function revealOnNarrowScreens(headingId: string) {
  if (!window.matchMedia('(max-width: 1023px)').matches) return;
  requestAnimationFrame(() => document.getElementById(headingId)?.scrollIntoView({ block: 'start' }));
}

function Placeholder({ id, title, children }: { id: string; title: string; children: string }) {
  return (
    <Panel id={id} title={title}>
      <p className="text-sm text-muted">{children}</p>
    </Panel>
  );
}

/** SPEC 2 /admin/subjects: subjects, then the selected subject's topics, then the selected topic's lessons. */
export function AdminSubjectsPage() {
  const [params, setParams] = useSearchParams();
  const subjectId = params.get('subject');
  const outline = useSubjectOutline(subjectId);
  const topic = outline.data?.topics.find((t) => t.id === params.get('topic'));

  const selectSubject = (id: string | null) => {
    setParams(id ? { subject: id } : {}, { replace: true });
    if (id) revealOnNarrowScreens('topics-heading');
  };
  const selectTopic = (id: string | null) => {
    if (!subjectId) return;
    setParams(id ? { subject: subjectId, topic: id } : { subject: subjectId }, { replace: true });
    if (id) revealOnNarrowScreens('lessons-heading');
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageHeader
        title="Manage subjects"
        subtitle="Create, edit, order and remove subjects, their topics and lessons. Learners see changes at once."
      />
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <SubjectList selectedId={subjectId} onSelect={selectSubject} />
        {subjectId ? (
          <TopicList subjectId={subjectId} outline={outline} selectedId={topic?.id ?? null} onSelect={selectTopic} />
        ) : (
          <Placeholder id="topics" title="Topics">
            Select a subject to see its topics.
          </Placeholder>
        )}
        {subjectId && topic ? (
          <LessonList subjectId={subjectId} topic={topic} />
        ) : (
          <Placeholder id="lessons" title="Lessons">
            Select a topic to see its lessons.
          </Placeholder>
        )}
      </div>
    </div>
  );
}
