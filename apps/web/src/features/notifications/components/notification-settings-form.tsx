import {
  ADMIN_NOTIFICATION_KINDS,
  NOTIFICATION_KIND_INFO,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
  quietHoursSchema,
} from '@learnbuild/domain/notifications';
import type { NotificationSettings } from '@learnbuild/domain/schemas/notifications';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FieldError, FormMessage } from '@/components/ui/field';
import { Switch } from '@/components/ui/switch';
import { useUpdateNotificationSettings } from '@/features/notifications/api/notification-settings';
import { errorMessage } from '@/lib/api-client';

export const CHANNEL_LABELS: Record<NotificationChannel, string> = {
  app: 'In app',
  mail: 'Mail immediately',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
  off: 'Off',
};
const CHANNELS = Object.keys(CHANNEL_LABELS) as NotificationChannel[];

const DIGEST_HOURS = Array.from({ length: 24 }, (_, hour) => hour);

const DEFAULT_QUIET_HOURS = { from: '22:00', to: '07:00' };

/** The kinds a person can set: all but the admins' own, which only admins see. */
export function settableKinds(admin: boolean): NotificationKind[] {
  return NOTIFICATION_KINDS.filter((kind) => admin || !ADMIN_NOTIFICATION_KINDS.includes(kind));
}

/** An hour of the day as a clock reads it: 7 → "07:00". */
export function hourLabel(hour: number): string {
  return `${String(hour).padStart(2, '0')}:00`;
}

const selectClasses =
  'h-10 w-full rounded-lg border border-default bg-[var(--surface)] px-3 text-sm text-[var(--text)] focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 sm:w-48';
const timeClasses =
  'h-10 rounded-lg border border-default bg-[var(--surface)] px-3 text-sm text-[var(--text)] focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-500';

function KindRow({
  kind,
  channel,
  onChange,
}: {
  kind: NotificationKind;
  channel: NotificationChannel;
  onChange: (channel: NotificationChannel) => void;
}) {
  const id = useId();
  const info = NOTIFICATION_KIND_INFO[kind];
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className="text-sm font-medium">
          {info.label}
        </label>
        <p id={`${id}-description`} className="text-sm text-muted">
          {info.description}
        </p>
      </div>
      <select
        id={id}
        aria-describedby={`${id}-description`}
        value={channel}
        onChange={(event) => onChange(event.target.value as NotificationChannel)}
        className={selectClasses}
        data-testid={`channel-${kind}`}
      >
        {CHANNELS.map((value) => (
          <option key={value} value={value}>
            {CHANNEL_LABELS[value]}
          </option>
        ))}
      </select>
    </li>
  );
}

/**
 * Issue 31's one place for notifications: each kind's channel, quiet hours and the digests' hour, saved together
 * (PUT /api/notifications/preferences). Times are the learner's own time zone's.
 */
export function NotificationSettingsForm({ saved, admin }: { saved: NotificationSettings; admin: boolean }) {
  const kinds = settableKinds(admin);
  const [channels, setChannels] = useState(
    () =>
      Object.fromEntries(
        NOTIFICATION_KINDS.map((kind) => [kind, saved.preferences[kind] ?? NOTIFICATION_KIND_INFO[kind].default]),
      ) as Record<NotificationKind, NotificationChannel>,
  );
  const [quietOn, setQuietOn] = useState(saved.quietHours !== null);
  const [quietHours, setQuietHours] = useState(saved.quietHours ?? DEFAULT_QUIET_HOURS);
  const [digestHour, setDigestHour] = useState(saved.digestHour);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const update = useUpdateNotificationSettings();
  const ids = { from: useId(), to: useId(), digest: useId() };

  const quietError =
    quietOn && quietHours.from === quietHours.to ? 'Quiet hours must start and end at different times' : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const quiet = quietHoursSchema.safeParse(quietOn ? quietHours : null);
    if (!quiet.success || quietError) {
      setProblem(quietError ?? quiet.error?.issues[0]?.message ?? 'Check the quiet hours');
      return;
    }
    setProblem(null);
    const preferences = Object.fromEntries(kinds.map((kind) => [kind, channels[kind]]));
    update.mutate(
      { preferences, quietHours: quiet.data, digestHour },
      {
        onSuccess: () => setDone('Your notification settings are saved.'),
        onError: (error) => setProblem(errorMessage(error, 'Could not save your notification settings')),
      },
    );
  };

  return (
    // A change after saving is not saved yet: the note goes.
    <form onSubmit={submit} onChange={() => setDone(null)} className="flex flex-col gap-8" noValidate>
      <section aria-labelledby={`${ids.digest}-kinds`}>
        <h2 id={`${ids.digest}-kinds`} className="text-lg font-semibold">
          What reaches you, and how
        </h2>
        <p className="text-sm text-muted">
          In app: in the bell only. Mail immediately: a mail as it happens, too. A digest gathers them into one mail a
          day or a week.
        </p>
        <ul className="mt-2 divide-y divide-[var(--border)]">
          {kinds.map((kind) => (
            <KindRow
              key={kind}
              kind={kind}
              channel={channels[kind]}
              onChange={(channel) => setChannels((current) => ({ ...current, [kind]: channel }))}
            />
          ))}
        </ul>
      </section>

      <section aria-labelledby={`${ids.from}-quiet`} className="flex flex-col gap-3">
        <h2 id={`${ids.from}-quiet`} className="text-lg font-semibold">
          Quiet hours
        </h2>
        <Switch
          label="Keep quiet hours"
          description="No mail reaches you in these hours of your time zone; it waits until they end. The bell still counts."
          checked={quietOn}
          onCheckedChange={setQuietOn}
        />
        {quietOn ? (
          <div className="flex flex-col gap-1.5">
            <div className="flex flex-wrap items-end gap-4">
              <div className="flex flex-col gap-1.5">
                <label htmlFor={ids.from} className="text-sm font-medium">
                  From
                </label>
                <input
                  id={ids.from}
                  type="time"
                  required
                  value={quietHours.from}
                  onChange={(event) => setQuietHours((current) => ({ ...current, from: event.target.value }))}
                  aria-invalid={quietError ? true : undefined}
                  aria-describedby={quietError ? `${ids.from}-error` : undefined}
                  className={timeClasses}
                />
              </div>
              <div className="flex flex-col gap-1.5">
                <label htmlFor={ids.to} className="text-sm font-medium">
                  To
                </label>
                <input
                  id={ids.to}
                  type="time"
                  required
                  value={quietHours.to}
                  onChange={(event) => setQuietHours((current) => ({ ...current, to: event.target.value }))}
                  aria-invalid={quietError ? true : undefined}
                  aria-describedby={quietError ? `${ids.from}-error` : undefined}
                  className={timeClasses}
                />
              </div>
            </div>
            <FieldError id={`${ids.from}-error`}>{quietError}</FieldError>
          </div>
        ) : null}
      </section>

      <section aria-labelledby={`${ids.digest}-heading`} className="flex flex-col gap-2">
        <h2 id={`${ids.digest}-heading`} className="text-lg font-semibold">
          Digests
        </h2>
        <label htmlFor={ids.digest} className="text-sm font-medium">
          Send my digests at
        </label>
        <select
          id={ids.digest}
          aria-describedby={`${ids.digest}-hint`}
          value={digestHour}
          onChange={(event) => setDigestHour(Number(event.target.value))}
          className={selectClasses}
        >
          {DIGEST_HOURS.map((hour) => (
            <option key={hour} value={hour}>
              {hourLabel(hour)}
            </option>
          ))}
        </select>
        <p id={`${ids.digest}-hint`} className="text-sm text-muted">
          In your time zone. A digest comes only when there is something in it.
        </p>
      </section>

      <div className="flex flex-col gap-3">
        <FormMessage message={problem} tone="error" />
        <FormMessage message={done} tone="success" />
        <div>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Saving…' : 'Save settings'}
          </Button>
        </div>
      </div>
    </form>
  );
}
