import { REVIEW_BODY_MAX } from '@learnbuild/domain/courses';
import type { CourseDetail } from '@learnbuild/domain/schemas/courses';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextAreaField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { useDeleteReview } from '@/features/courses/api/delete-review';
import { useSaveReview } from '@/features/courses/api/save-review';
import { errorMessage } from '@/lib/api-client';
import { StarInput } from './star-input';

/** An enrolled learner's one review of the course: stars and optional words, editable, removable. */
export function ReviewForm({ course }: { course: CourseDetail }) {
  const mine = course.viewer.myReview;
  const [rating, setRating] = useState(mine?.rating ?? 0);
  const [body, setBody] = useState(mine?.body ?? '');
  const [error, setError] = useState<string>();
  const save = useSaveReview();
  const remove = useDeleteReview();
  const toast = useToast();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setError('Choose 1 to 5 stars');
      return;
    }
    setError(undefined);
    save.mutate(
      { courseId: course._id, rating, body: body.trim() },
      {
        onSuccess: () => toast(mine ? 'Your review is updated' : 'Thanks for your review', 'success'),
        onError: (failure) => toast(errorMessage(failure, 'Could not save your review'), 'error'),
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-4 rounded-2xl border border-default p-5"
      aria-labelledby="your-review"
    >
      <h3 id="your-review" className="font-semibold">
        {mine ? 'Your review' : 'Review this course'}
      </h3>
      <StarInput value={rating} onChange={setRating} error={error} />
      <TextAreaField
        label="What did you think? (optional)"
        value={body}
        maxLength={REVIEW_BODY_MAX}
        onChange={(event) => setBody(event.target.value)}
        placeholder="What helped you most, and what could be better?"
        className="[&_textarea]:min-h-24"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : mine ? 'Update review' : 'Post review'}
        </Button>
        {mine ? (
          <Button
            variant="ghost"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(course._id, {
                onSuccess: () => {
                  setRating(0);
                  setBody('');
                  toast('Your review is removed', 'success');
                },
                onError: (failure) => toast(errorMessage(failure, 'Could not remove your review'), 'error'),
              })
            }
          >
            Delete review
          </Button>
        ) : null}
      </div>
    </form>
  );
}
