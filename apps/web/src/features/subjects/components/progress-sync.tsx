import { pendingMarks } from '@learnbuild/domain/rules/local-subject-progress';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useToast } from '../../../components/ui/toast';
import { errorStatus } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';
import { subjectsQueryKey } from '../api/get-subjects';
import { markSubtopic } from '../api/mark-subtopic';
import { readLocalProgress, writeLocalMark } from '../local-progress';

/** Replays subject marks made offline once the server is reachable again (DESIGN decision 5). */
export async function replayPendingMarks(): Promise<number> {
  let synced = 0;
  for (const { subjectId, topicId, subtopicId, mark } of pendingMarks(readLocalProgress())) {
    try {
      await markSubtopic({ subjectId, topicId, subtopicId, completed: mark.completed });
      writeLocalMark(subjectId, topicId, subtopicId, { completed: mark.completed, at: mark.at });
      synced += 1;
    } catch (error) {
      const status = errorStatus(error);
      if (status === undefined || status === 401) break; // still offline, or signed out: try later
      // The server refuses this mark for good (a deleted lesson, say): drop it.
      writeLocalMark(subjectId, topicId, subtopicId, { completed: !mark.completed, at: mark.at });
    }
  }
  return synced;
}

export function SubjectProgressSync() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const toast = useToast();
  useEffect(() => {
    if (!user) return;
    const run = () =>
      replayPendingMarks().then((synced) => {
        if (synced === 0) return;
        queryClient.invalidateQueries({ queryKey: subjectsQueryKey });
        toast(`Back online: ${synced} saved ${synced === 1 ? 'mark was' : 'marks were'} synced.`, 'success');
      });
    run();
    window.addEventListener('online', run);
    return () => window.removeEventListener('online', run);
  }, [user, queryClient, toast]);
  return null;
}
