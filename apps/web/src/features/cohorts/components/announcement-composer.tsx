import type { Announcement, Cohort } from '@learnbuild/domain/schemas/cohorts';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { FormMessage, TextAreaField, TextField } from '@/components/ui/field';
import { SelectField } from '@/components/ui/select-field';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { useDeleteAnnouncement } from '../api/delete-announcement';
import { useAnnouncements } from '../api/get-announcements';
import { usePostAnnouncement } from '../api/post-announcement';
import { AnnouncementsList } from './announcements-list';

/** The owner's announcements: write one to the whole course or a cohort (its learners are notified), and the list. */
export function AnnouncementComposer({ courseId, cohorts }: { courseId: string; cohorts: Cohort[] }) {
  const post = usePostAnnouncement();
  const remove = useDeleteAnnouncement();
  const announcements = useAnnouncements(courseId, true);
  const toast = useToast();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [audience, setAudience] = useState('');
  const [errors, setErrors] = useState<{ title?: string; body?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      title: title.trim() ? undefined : 'Announcement title is required',
      body: body.trim() ? undefined : 'Announcement text is required',
    };
    setErrors(found);
    setServerError(null);
    if (found.title || found.body) return;
    post.mutate(
      { courseId, body: { title: title.trim(), body: body.trim(), cohortId: audience || null } },
      {
        onSuccess: () => {
          toast('Announcement posted', 'success');
          setTitle('');
          setBody('');
        },
        onError: (error) => setServerError(errorMessage(error, 'The announcement could not be posted')),
      },
    );
  };

  return (
    <Card className="flex flex-col gap-4 p-4 sm:p-6">
      <h2 className="text-xl font-semibold">Announcements</h2>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label="New announcement">
        <TextField
          label="Announcement title"
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={errors.title}
          maxLength={160}
        />
        <TextAreaField
          label="Message (Markdown)"
          value={body}
          onChange={(event) => setBody(event.target.value)}
          error={errors.body}
          maxLength={10_000}
        />
        <SelectField
          label="Send to"
          value={audience}
          onChange={(event) => setAudience(event.target.value)}
          options={[
            { value: '', label: 'Every learner of the course' },
            ...cohorts.map((cohort) => ({ value: cohort.id, label: `Members of ${cohort.title}` })),
          ]}
        />
        <FormMessage message={serverError} tone="error" />
        <Button type="submit" className="self-start" disabled={post.isPending}>
          {post.isPending ? 'Posting…' : 'Post announcement'}
        </Button>
      </form>
      {announcements.isError ? (
        <FormMessage
          message={errorMessage(announcements.error, 'The announcements could not be loaded')}
          tone="error"
        />
      ) : (
        <AnnouncementsList announcements={announcements.data?.announcements ?? []} onDelete={setDeleting} />
      )}
      {deleting ? (
        <ConfirmDialog
          title="Delete this announcement?"
          description={`“${deleting.title}” disappears from the course for everyone.`}
          confirmLabel="Delete"
          busy={remove.isPending}
          onClose={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(
              { courseId, announcementId: deleting.id },
              {
                onSuccess: (reply) => {
                  toast(reply.message, 'success');
                  setDeleting(null);
                },
                onError: (error) => toast(errorMessage(error, 'The announcement could not be deleted'), 'error'),
              },
            )
          }
        />
      ) : null}
    </Card>
  );
}
