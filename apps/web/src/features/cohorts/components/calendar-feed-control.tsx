import { CalendarPlus, Copy } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatDate, useDateReader } from '@/lib/dates';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from '../api/calendar-feed';

/**
 * The learner's secret calendar address: made (or replaced) here and shown once to copy into a calendar app,
 * since only its hash is kept; revoking it stops the old address at once.
 */
export function CalendarFeedControl() {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const toast = useToast();
  const reader = useDateReader();
  const [url, setUrl] = useState<string | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const headingId = useId();
  const inputId = useId();
  const exists = feed.data?.feed ?? null;

  const make = () =>
    create.mutate(undefined, {
      onSuccess: (reply) => setUrl(reply.url),
      onError: (error) => toast(errorMessage(error, 'Could not make a calendar address'), 'error'),
    });

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast('Calendar address copied', 'success');
    } catch {
      toast('Select the address and copy it', 'error');
    }
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-2xl border border-default p-4">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold">
        <CalendarPlus className="h-5 w-5" aria-hidden /> Calendar feed
      </h2>
      <p className="text-sm text-muted">
        Subscribe to your due dates in Google Calendar, Apple Calendar or Outlook with a private address. Anyone with
        the address can read your due dates, so keep it to yourself.
      </p>
      {url ? (
        <div className="flex flex-col gap-2">
          <label htmlFor={inputId} className="text-sm font-medium">
            Your calendar address (shown only now)
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              id={inputId}
              readOnly
              value={url}
              onFocus={(event) => event.currentTarget.select()}
              className="min-w-0 flex-1 rounded-lg border border-default bg-[var(--surface)] px-3 py-2 font-mono text-xs"
              data-testid="calendar-feed-url"
            />
            <Button variant="secondary" onClick={() => void copy()}>
              <Copy className="h-4 w-4" aria-hidden /> Copy
            </Button>
          </div>
        </div>
      ) : exists ? (
        <p className="text-sm" data-testid="calendar-feed-status">
          You made an address on {formatDate(exists.createdAt, 'date', reader)}. For your privacy it is not shown again:
          make a new one to copy it (the old one stops working).
        </p>
      ) : feed.isSuccess ? (
        <p className="text-sm" data-testid="calendar-feed-status">
          You have no calendar address yet.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={make} disabled={create.isPending || feed.isPending}>
          {create.isPending ? 'Making…' : exists || url ? 'Make a new address' : 'Make a calendar address'}
        </Button>
        {exists || url ? (
          <Button variant="secondary" onClick={() => setConfirmRevoke(true)} disabled={revoke.isPending}>
            Revoke address
          </Button>
        ) : null}
      </div>
      {confirmRevoke ? (
        <ConfirmDialog
          title="Revoke your calendar address?"
          description="Calendars subscribed to it stop getting your due dates. You can make a new address at any time."
          confirmLabel="Revoke"
          tone="danger"
          busy={revoke.isPending}
          onClose={() => setConfirmRevoke(false)}
          onConfirm={() =>
            revoke.mutate(undefined, {
              onSuccess: (reply) => {
                setUrl(null);
                setConfirmRevoke(false);
                toast(reply.message, 'success');
              },
              onError: (error) => toast(errorMessage(error, 'Could not revoke the address'), 'error'),
            })
          }
        />
      ) : null}
    </section>
  );
}
