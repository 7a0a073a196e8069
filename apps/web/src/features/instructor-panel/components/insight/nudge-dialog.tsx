import { zodResolver } from '@hookform/resolvers/zod';
import { defaultNudgeMessage, NUDGE_MESSAGE_MAX } from '@learnbuild/domain/rules/course-insight';
import { nudgeBodySchema, type StalledLearner } from '@learnbuild/domain/schemas/course-insight';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { FormMessage, TextAreaField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { useNudgeLearner } from '@/features/instructor-panel/api/nudge-learner';
import { errorMessage } from '@/lib/api-client';

type NudgeValues = z.input<typeof nudgeBodySchema>;
type NudgeBody = z.output<typeof nudgeBodySchema>;

/** Writes a nudge to one stalled learner, starting from a default message, and sends it as a notification. */
export function NudgeDialog({
  courseId,
  courseTitle,
  learner,
  onClose,
}: {
  courseId: string;
  courseTitle: string;
  learner: StalledLearner;
  onClose: () => void;
}) {
  const toast = useToast();
  const nudge = useNudgeLearner(courseId);
  const form = useForm<NudgeValues, unknown, NudgeBody>({
    resolver: zodResolver(nudgeBodySchema),
    defaultValues: { message: defaultNudgeMessage(learner.name, courseTitle) },
  });
  const submit = (body: NudgeBody) =>
    nudge.mutate(
      { learnerId: learner.id, ...body },
      {
        onSuccess: (reply) => {
          toast(reply.delivered ? `Nudge sent to ${learner.name}` : reply.message, 'success');
          onClose();
        },
      },
    );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={`Nudge ${learner.name}`}
        description="They get this message as a notification about the course. One nudge per learner a day."
      >
        <form noValidate onSubmit={form.handleSubmit(submit)} className="flex flex-col gap-4">
          <TextAreaField
            label="Message"
            required
            maxLength={NUDGE_MESSAGE_MAX}
            error={form.formState.errors.message?.message}
            className="[&_textarea]:min-h-28"
            {...form.register('message')}
          />
          <div aria-live="polite">
            {nudge.error ? (
              <FormMessage message={errorMessage(nudge.error, 'Could not send the nudge')} tone="error" />
            ) : null}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={nudge.isPending}>
              {nudge.isPending ? 'Sending...' : 'Send nudge'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
