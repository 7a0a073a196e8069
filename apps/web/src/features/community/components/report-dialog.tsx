import { REPORT_REASON_MAX, reportBodySchema } from '@learnbuild/domain/schemas/community';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { FormMessage, TextAreaField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { type ReportTarget, useReportPost } from '@/features/community/api/report-post';
import { errorMessage } from '@/lib/api-client';

/** Tells the moderators what is wrong with a post; they see it in the Admin Panel's report queue. */
export function ReportDialog({
  target,
  what,
  onClose,
}: {
  target: ReportTarget;
  /** "this thread", "Sam's reply". */
  what: string;
  onClose: () => void;
}) {
  const toast = useToast();
  const report = useReportPost();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = reportBodySchema.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    report.mutate(
      { ...target, reason: parsed.data.reason },
      {
        onSuccess: (reply) => {
          toast(reply.message, 'success');
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title="Report this post"
        description={`Tell the moderators what is wrong with ${what}. They look at every report; the author is not told who reported it.`}
      >
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <TextAreaField
            label="Reason"
            value={reason}
            maxLength={REPORT_REASON_MAX}
            onChange={(event) => {
              setReason(event.target.value);
              setError(undefined);
            }}
            error={error}
            placeholder="e.g. Spam, abuse, or a full solution to a live contest problem"
            hint={
              <p className="text-xs text-muted">
                {reason.length} / {REPORT_REASON_MAX}
              </p>
            }
          />
          <div aria-live="polite">
            {report.error ? (
              <FormMessage message={errorMessage(report.error, 'Could not send the report')} tone="error" />
            ) : null}
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <DialogClose asChild>
              <Button variant="secondary">Cancel</Button>
            </DialogClose>
            <Button type="submit" disabled={report.isPending}>
              {report.isPending ? 'Sending...' : 'Send report'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
