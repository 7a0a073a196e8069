import type { RevisionSchedule } from '@learnbuild/domain/rules/revision';
import { REVISION_DAYS_TEXT, REVISION_SCHEDULE_NAME } from '@learnbuild/domain/rules/revision';
import { useId, useState } from 'react';
import { cn } from '@/components/ui/class-names';
import { InlineLoadError } from '@/components/ui/inline-load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useToast } from '@/components/ui/toast';
import { usePreferences, useUpdatePreferences } from '@/features/auth/api/preferences';
import { errorMessage } from '@/lib/api-client';

const OPTIONS: { value: RevisionSchedule; label: string; hint: string }[] = [
  {
    value: 'adaptive',
    label: 'Adaptive (recommended)',
    hint: 'After each revision, grade your recall Again, Hard, Good or Easy; the next date follows how well you remember (FSRS).',
  },
  {
    value: 'simple',
    label: 'Simple',
    hint: `A problem comes back after ${REVISION_DAYS_TEXT} days, whatever the recall.`,
  },
];

/** Issue 29: the revision schedule of the DSA sheet, adaptive (FSRS, the default) or the fixed 1-3-7-14-30 days. */
export function RevisionSettings() {
  const preferences = usePreferences();
  const update = useUpdatePreferences();
  const toast = useToast();
  const name = useId();
  const [choosing, setChoosing] = useState<RevisionSchedule | null>(null);

  if (preferences.isPending) {
    return (
      <div role="status" aria-label="Loading revision settings">
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (preferences.isError) {
    return (
      <InlineLoadError
        error={preferences.error}
        fallback="Could not load your revision settings"
        onRetry={() => void preferences.refetch()}
      />
    );
  }
  const choose = (revisionSchedule: RevisionSchedule) => {
    setChoosing(revisionSchedule);
    update.mutate(
      { revisionSchedule },
      {
        onSettled: () => setChoosing(null),
        onSuccess: (saved) =>
          toast(
            saved.revisionSchedule === 'simple'
              ? `Revision follows the simple ${REVISION_SCHEDULE_NAME} day schedule`
              : 'Revision adapts to how well you recall',
            'success',
          ),
        onError: (error) => toast(errorMessage(error, 'Could not save the setting'), 'error'),
      },
    );
  };
  // The choice shows at once (set in the click's own render), while it is being saved; a refusal puts the saved one back.
  const shown = choosing ?? preferences.data.revisionSchedule;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-medium">Revision schedule for the DSA sheet</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {OPTIONS.map((option) => {
          const chosen = shown === option.value;
          return (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-start gap-3 rounded-xl border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
                chosen
                  ? 'border-brand-600 bg-brand-50 dark:border-brand-400 dark:bg-brand-900/40'
                  : 'border-default hover:bg-muted',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={chosen}
                disabled={update.isPending}
                onChange={() => choose(option.value)}
                aria-labelledby={`${name}-${option.value}`}
                aria-describedby={`${name}-${option.value}-hint`}
                className="mt-1 accent-brand-600"
              />
              <span className="flex flex-col gap-0.5">
                <span id={`${name}-${option.value}`} className="text-sm font-semibold">
                  {option.label}
                </span>
                <span id={`${name}-${option.value}-hint`} className="text-xs text-muted">
                  {option.hint}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
