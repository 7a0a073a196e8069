import { APPLICATION_CLOSE_DELAY_MS } from '@learnbuild/domain/constants';
import { applicationStatusError, FALLBACK_MESSAGES, messageTone } from '@learnbuild/domain/messages';
import { isInstructor } from '@learnbuild/domain/roles';
import {
  INSTRUCTOR_CARD_TEXT,
  type InstructorCardState,
  instructorCardState,
} from '@learnbuild/domain/rules/instructor-card';
import type { ApplyInstructorInput } from '@learnbuild/domain/schemas/instructor-applications';
import { GraduationCap } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogTrigger } from '@/components/ui/dialog';
import { FormMessage } from '@/components/ui/field';
import { Skeleton } from '@/components/ui/skeleton';
import { useApplyInstructor } from '@/features/instructor-application/api/apply-instructor';
import { useApplicationStatus } from '@/features/instructor-application/api/get-application-status';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { useSession } from '@/lib/session';
import { ApplicationForm, type SubmissionOutcome } from './application-form';

/** SPEC 8: the server's `error`, else 'Failed to submit…' for a refusal, 'Error submitting…' when no reply came. */
export function submissionError(error: unknown): string {
  const fallback =
    errorStatus(error) === undefined ? FALLBACK_MESSAGES.submitApplication : FALLBACK_MESSAGES.applyInstructor;
  return errorMessage(error, fallback);
}

/** SPEC 8: 'Error loading application status: {detail}', the detail being the server's error when it gave one. */
export function statusLoadError(error: unknown): string {
  return applicationStatusError(errorMessage(error, error instanceof Error ? error.message : 'unknown error'));
}

function StateLine({ children, badge }: { children: string; badge?: 'amber' | 'red' }) {
  return (
    <h3 className="flex flex-wrap items-center gap-2 font-semibold">
      {badge ? (
        <Badge tone={badge} className="text-sm">
          {children}
        </Badge>
      ) : (
        children
      )}
    </h3>
  );
}

function Reason({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <p className="text-sm">
      <span className="font-medium">Reason: </span>
      <span className="break-words">{reason}</span>
    </p>
  );
}

/** What the card says in each SPEC 4 state; the Apply Now button comes in through `applyButton`. */
function StateBody({
  state,
  rejectionReason,
  applyButton,
}: {
  state: Exclude<InstructorCardState, { kind: 'hidden' }>;
  rejectionReason: string | null;
  applyButton: ReactNode;
}) {
  switch (state.kind) {
    case 'apply':
      return (
        <>
          <StateLine>{INSTRUCTOR_CARD_TEXT.apply}</StateLine>
          {state.resubmit ? (
            <div className="flex flex-col gap-1 rounded-lg bg-muted p-3">
              <p className="text-sm">
                Your last application was <strong>{INSTRUCTOR_CARD_TEXT.rejected}</strong>. You are welcome to apply
                again.
              </p>
              <Reason reason={rejectionReason} />
            </div>
          ) : (
            <p className="text-sm text-muted">
              Share what you know: create courses and teach learners on LearnBuild. Tell us a little about yourself and
              an admin will review your application.
            </p>
          )}
          <div>{applyButton}</div>
        </>
      );
    case 'pending':
      return (
        <>
          <StateLine badge="amber">{INSTRUCTOR_CARD_TEXT.pending}</StateLine>
          <p className="text-sm text-muted">
            Thanks for applying. An admin is reviewing your application; review usually takes 24 to 48 hours. We will
            email you the decision.
          </p>
        </>
      );
    case 'rejected':
      return (
        <>
          <StateLine badge="red">{INSTRUCTOR_CARD_TEXT.rejected}</StateLine>
          <p className="text-sm text-muted">Your application to become an instructor was not approved.</p>
          <Reason reason={state.reason} />
        </>
      );
    case 'declined':
      return (
        <>
          <StateLine badge="red">{INSTRUCTOR_CARD_TEXT.declined}</StateLine>
          <Reason reason={rejectionReason} />
          <p className="text-sm text-muted">
            This decision is final. If you think it is a mistake,{' '}
            <Link to="/contact" className="font-medium text-brand-700 underline dark:text-brand-200">
              contact support
            </Link>
            .
          </p>
        </>
      );
    case 'unavailable':
      return <p className="text-sm text-muted">{INSTRUCTOR_CARD_TEXT.unavailable}</p>;
  }
}

/**
 * SPEC 2 and 4: the 'Become an Instructor' card and its Apply Now modal. Hidden for Instructors and
 * Admins. After a submission the status refreshes at once; 2 s later the dashboard is told (`onApplied`)
 * and the modal closes.
 */
export function InstructorApplicationCard({ onApplied }: { onApplied?: () => void }) {
  const { user } = useSession();
  const hidden = !user || isInstructor(user.role);
  const status = useApplicationStatus(user?.id ?? '', !hidden);
  const apply = useApplyInstructor();
  const [open, setOpen] = useState(false);
  const [outcome, setOutcome] = useState<SubmissionOutcome | null>(null);
  const [sent, setSent] = useState(false);
  // Fixed when the modal opens: the status refreshes under it once the application is sent.
  const [resubmitting, setResubmitting] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const notify = useRef(onApplied);
  notify.current = onApplied;
  const titleId = useId();

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  if (hidden) return null;
  const state = instructorCardState(user.role, status.data ?? null);
  if (state.kind === 'hidden') return null;
  const resubmit = state.kind === 'apply' && state.resubmit;

  const changeOpen = (next: boolean) => {
    if (next) {
      apply.reset();
      setOutcome(null);
      setSent(false);
      setResubmitting(resubmit);
    }
    setOpen(next);
  };

  const submit = (body: ApplyInstructorInput) => {
    setOutcome(null);
    apply.mutate(body, {
      onSuccess: (reply) => {
        setSent(true);
        setOutcome({ message: reply.message, tone: messageTone(reply.message) });
        clearTimeout(closeTimer.current);
        closeTimer.current = setTimeout(() => {
          notify.current?.();
          setOpen(false);
        }, APPLICATION_CLOSE_DELAY_MS);
      },
      // A refusal is red whatever its wording (docs/decisions.md, message colours).
      onError: (error) => setOutcome({ message: submissionError(error), tone: 'error' }),
    });
  };

  let body: ReactNode;
  if (status.isPending && state.kind !== 'pending') {
    body = (
      <div className="flex flex-col gap-2" aria-busy>
        <span className="sr-only">Loading your application status</span>
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-9 w-28" />
      </div>
    );
  } else if (status.isError && state.kind !== 'pending') {
    body = (
      <>
        <FormMessage message={statusLoadError(status.error)} tone={messageTone(statusLoadError(status.error))} />
        <div>
          <Button variant="secondary" size="sm" onClick={() => void status.refetch()}>
            Try again
          </Button>
        </div>
      </>
    );
  } else {
    body = (
      <StateBody
        state={state}
        rejectionReason={status.data?.rejectionReason ?? null}
        applyButton={
          <DialogTrigger asChild>
            <Button>Apply Now</Button>
          </DialogTrigger>
        }
      />
    );
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <Card data-testid="instructor-card" className="overflow-hidden">
        <section aria-labelledby={titleId} className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start">
          <div className="w-fit rounded-xl bg-brand-100 p-3 text-brand-700 dark:bg-brand-900 dark:text-brand-100">
            <GraduationCap className="h-6 w-6" aria-hidden />
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-3">
            <h2 id={titleId} className="text-lg font-semibold">
              {INSTRUCTOR_CARD_TEXT.title}
            </h2>
            <div className="flex flex-col gap-3" aria-live="polite">
              {body}
            </div>
          </div>
        </section>
      </Card>
      <DialogContent
        title={resubmitting ? 'Reapply as an instructor' : 'Apply as an instructor'}
        description="Every field is optional. An admin reads your application and decides; review usually takes 24 to 48 hours."
      >
        <ApplicationForm
          resubmit={resubmitting}
          pending={apply.isPending}
          sent={sent}
          outcome={outcome}
          onSubmit={submit}
        />
      </DialogContent>
    </Dialog>
  );
}
