import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminApplication,
  REJECTION_REASON_MAX,
  rejectApplicationBodySchema,
} from '@learnbuild/domain/schemas/admin';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { TextAreaField } from '@/components/ui/field';
import { useToast } from '@/components/ui/toast';
import { useRejectApplication } from '@/features/admin/api/decide-application';
import { DialogActions } from './dialog-actions';

type RejectValues = z.input<typeof rejectApplicationBodySchema>;
type RejectBody = z.output<typeof rejectApplicationBodySchema>;

/** Rejects an application with a required reason; resubmission is allowed unless the admin unticks it. */
export function RejectDialog({ application, onClose }: { application: AdminApplication; onClose: () => void }) {
  const toast = useToast();
  const reject = useRejectApplication();
  const form = useForm<RejectValues, unknown, RejectBody>({
    resolver: zodResolver(rejectApplicationBodySchema),
    defaultValues: { reason: '', resubmissionAllowed: true },
  });

  const submit = (body: RejectBody) =>
    reject.mutate(
      { id: application.id, ...body },
      {
        onSuccess: (reply) => {
          toast(reply.message, 'success');
          onClose();
        },
      },
    );

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent
        title={`Reject ${application.user.name}'s application`}
        description="The applicant is emailed this reason. Untick 'Allow resubmission' to make the decision final."
      >
        <form noValidate onSubmit={form.handleSubmit(submit)} className="flex flex-col gap-4">
          <TextAreaField
            label="Reason (required)"
            required
            maxLength={REJECTION_REASON_MAX}
            error={form.formState.errors.reason?.message}
            className="[&_textarea]:min-h-28"
            {...form.register('reason')}
          />
          <label className="flex cursor-pointer items-start gap-3 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 accent-brand-600"
              {...form.register('resubmissionAllowed')}
            />
            <span>
              <span className="font-medium">Allow resubmission</span>
              <span className="block text-muted">The applicant may apply again later.</span>
            </span>
          </label>
          <DialogActions error={reject.error} errorFallback="Could not reject the application">
            <Button type="submit" variant="danger" disabled={reject.isPending}>
              {reject.isPending ? 'Rejecting...' : 'Reject application'}
            </Button>
          </DialogActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}
