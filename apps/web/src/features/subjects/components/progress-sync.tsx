import { pendingMarks } from '@learnbuild/domain/rules/local-subject-progress';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useToast } from '@/components/ui/toast';
import { learnerKey } from '@/features/subjects/api/get-subjects';
import { markSubtopic } from '@/features/subjects/api/mark-subtopic';
import {
  confirmLocalMark,
  forgetUnownedProgress,
  readLocalProgress,
  restoreLocalMark,
} from '@/features/subjects/local-progress';
import { errorStatus } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** Worth trying again later: no answer, signed out, rate limited or a server failure. */
function retryLater(status: number | undefined): boolean {
  return status === undefined || status === 401 || status === 429 || status >= 500;
}

/**
 * Replays the account's subject marks made offline once the server is reachable again (DESIGN
 * decision 5). Stops at the first mark that must wait; drops a mark the server refuses for good.
 */
export async function replayPendingMarks(userId: string): Promise<{ synced: number; dropped: number }> {
  let synced = 0;
  let dropped = 0;
  for (const { subjectId, topicId, subtopicId, mark } of pendingMarks(readLocalProgress(userId))) {
    const key = { subjectId, topicId, subtopicId };
    try {
      await markSubtopic({ ...key, completed: mark.completed });
      confirmLocalMark(userId, key, mark.at);
      synced += 1;
    } catch (error) {
      if (retryLater(errorStatus(error))) break;
      // Refused for good (a deleted lesson, say): the mark is undone on this device.
      if (restoreLocalMark(userId, key, mark.at, { completed: !mark.completed, at: mark.at })) dropped += 1;
    }
  }
  return { synced, dropped };
}

export function SubjectProgressSync() {
  const userId = useSession().user?.id ?? null;
  const queryClient = useQueryClient();
  const toast = useToast();
  useEffect(() => {
    if (!userId) return;
    forgetUnownedProgress();
    let running = false;
    const run = async () => {
      if (running) return;
      running = true;
      try {
        const { synced, dropped } = await replayPendingMarks(userId);
        if (synced + dropped === 0) return;
        void queryClient.invalidateQueries({ queryKey: learnerKey(userId) });
        if (synced > 0) {
          toast(`Back online: ${synced} saved ${synced === 1 ? 'mark was' : 'marks were'} synced.`, 'success');
        }
        if (dropped > 0) {
          toast(
            `${dropped} saved ${dropped === 1 ? 'mark was' : 'marks were'} refused by the server and undone.`,
            'error',
          );
        }
      } finally {
        running = false;
      }
    };
    void run();
    window.addEventListener('online', run);
    return () => window.removeEventListener('online', run);
  }, [userId, queryClient, toast]);
  return null;
}
