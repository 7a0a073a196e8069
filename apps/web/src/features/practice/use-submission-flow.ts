import type { JudgeSolveLanguage } from '@learnbuild/domain/judge/format';
import type { Submission } from '@learnbuild/domain/schemas/judge';
import { useQueryClient } from '@tanstack/react-query';
import { AxiosError } from 'axios';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSubmission } from '@/features/practice/api/get-submission';
import { practiceKeys } from '@/features/practice/api/keys';
import { useSubmitSolution } from '@/features/practice/api/submit-solution';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** The server's reason for refusing a submission; a 429 says how long to wait when the server told. */
export function submitRefusal(error: unknown): string {
  const status = errorStatus(error);
  if (status === 401) return 'Your session has ended. Log in again to submit.';
  const message = errorMessage(error, 'Your code could not be submitted');
  if (status !== 429 || !(error instanceof AxiosError)) return message;
  const wait = Number(error.response?.headers?.['retry-after']);
  return Number.isFinite(wait) && wait > 0 ? `${message} Try again in ${Math.ceil(wait)} s.` : message;
}

/** What a verdict says to a screen reader. */
export function verdictAnnouncement(submission: Submission): string {
  return `${submission.verdict ?? 'Judged'}: ${submission.passed} of ${submission.total} tests passed.`;
}

/**
 * Submit: the code goes to the server's judge, and its submission is followed until the verdict. An Accepted
 * tells `onAccepted` once (the sheet and the dashboard then read the solve).
 */
export function useSubmissionFlow(slug: string, onAccepted: () => void) {
  const queryClient = useQueryClient();
  const userId = useSession().user?.id ?? null;
  const submit = useSubmitSolution(slug);
  const [id, setId] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const followed = useSubmission(id);
  const told = useRef(new Set<string>());
  const accepted = useRef(onAccepted);
  accepted.current = onAccepted;

  const submission = followed.data?.id === id ? followed.data : undefined;

  useEffect(() => {
    if (submission?.status !== 'done' || told.current.has(submission.id)) return;
    told.current.add(submission.id);
    if (userId) void queryClient.invalidateQueries({ queryKey: practiceKeys.submissions(userId, slug) });
    if (submission.verdict === 'Accepted') accepted.current();
  }, [submission, queryClient, userId, slug]);

  const send = useCallback(
    async (language: JudgeSolveLanguage, code: string): Promise<string | null> => {
      setRefusal(null);
      try {
        const created = await submit.mutateAsync({ language, code });
        setId(created.id);
        return null;
      } catch (error) {
        const message = submitRefusal(error);
        setId(null);
        setRefusal(message);
        return message;
      }
    },
    [submit],
  );

  const judging = submit.isPending || (id !== null && submission?.status !== 'done');
  return { send, judging, sending: submit.isPending, submission, refusal };
}
