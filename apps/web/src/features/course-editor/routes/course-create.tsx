import { ArrowLeft } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { useUnsavedChanges } from '@/components/ui/use-unsaved-changes';
import { useCreateCourse } from '@/features/course-editor/api/create-course';
import { CourseDetailsForm } from '@/features/course-editor/components/course-details-form';

/** SPEC 2 /courses/create: the details first; the editor opens on the curriculum once the draft exists. */
export function CourseCreatePage() {
  const navigate = useNavigate();
  const create = useCreateCourse();
  const [dirty, setDirty] = useState(false);
  const { prompt, leaveFreely } = useUnsavedChanges(dirty);

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link
        to="/instructor-panel"
        className="mb-4 inline-flex items-center gap-1 text-sm text-brand-700 underline-offset-4 hover:underline dark:text-brand-200"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden /> Instructor Panel
      </Link>
      <PageHeader
        title="Create a course"
        subtitle="Start with the details. It stays a draft, visible only to you, until you publish it."
      />
      <Card className="p-4 sm:p-6">
        <CourseDetailsForm
          submitLabel="Create draft course"
          save={async (body) => (await create.mutateAsync(body)).course}
          onDirtyChange={setDirty}
          onSaved={(course) => {
            leaveFreely();
            navigate(`/courses/edit/${course._id}?tab=curriculum`, { replace: true });
          }}
        />
      </Card>
      {prompt}
    </div>
  );
}
