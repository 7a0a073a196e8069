import type { ThreadDetail } from '@learnbuild/domain/schemas/community';
import { EyeOff, Lock, Pin, ShieldCheck } from 'lucide-react';
import { useToast } from '@/components/ui/toast';
import { type ThreadFlags, useModerateThread } from '@/features/community/api/moderate-thread';
import { errorMessage } from '@/lib/api-client';
import { ActionButton } from './action-button';

const RESULT: Record<keyof ThreadFlags, [on: string, off: string]> = {
  pinned: ['Thread pinned to the top of the list', 'Thread unpinned'],
  locked: ['Thread locked: no new replies or edits', 'Thread unlocked'],
  hidden: ['Thread hidden from members', 'Thread shown again'],
};

/** Pin, Lock and Hide as toggles (aria-pressed) for Instructors and Admins; each change is audit-logged. */
export function ModerationControls({ thread }: { thread: ThreadDetail }) {
  const toast = useToast();
  const moderate = useModerateThread(thread.id);
  const toggle = (flag: keyof ThreadFlags) => {
    const wanted = !thread[flag];
    moderate.mutate(
      { [flag]: wanted },
      {
        onSuccess: () => toast(RESULT[flag][wanted ? 0 : 1], 'success'),
        onError: (error) => toast(errorMessage(error, 'Could not change the thread'), 'error'),
      },
    );
  };
  return (
    <div
      role="group"
      aria-label="Moderation"
      className="flex flex-wrap items-center gap-1.5 rounded-xl border border-dashed border-default px-3 py-2"
    >
      <span className="mr-1 inline-flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted uppercase">
        <ShieldCheck className="h-4 w-4" aria-hidden /> Moderation
      </span>
      <ActionButton
        icon={Pin}
        aria-pressed={thread.pinned}
        disabled={moderate.isPending}
        onClick={() => toggle('pinned')}
      >
        Pin
      </ActionButton>
      <ActionButton
        icon={Lock}
        aria-pressed={thread.locked}
        disabled={moderate.isPending}
        onClick={() => toggle('locked')}
      >
        Lock
      </ActionButton>
      <ActionButton
        icon={EyeOff}
        aria-pressed={thread.hidden}
        disabled={moderate.isPending}
        onClick={() => toggle('hidden')}
      >
        Hide
      </ActionButton>
    </div>
  );
}
