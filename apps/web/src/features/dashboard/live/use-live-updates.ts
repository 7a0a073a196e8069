import { LIVE_EVENT_TYPES, type LiveEventType } from '@learnbuild/domain/schemas/dashboard';
import { useEffect, useRef, useState } from 'react';
import { eventStreamUrl, getEventTicket } from '@/features/dashboard/api/get-event-ticket';

/** 'live': the event stream is open; 'polling': it is down and the 30 s refresh carries on alone. */
export type LiveStatus = 'connecting' | 'live' | 'polling';

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 30_000;

/**
 * Opens the server-sent event stream for the signed-in user and calls `onEvent` for each change the
 * server announces. A dropped stream is reopened with a fresh ticket, waiting longer each time.
 */
export function useLiveUpdates(userId: string, onEvent: (type: LiveEventType | 'resync') => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const handler = useRef(onEvent);
  handler.current = onEvent;

  // biome-ignore lint/correctness/useExhaustiveDependencies: another account needs a stream (and ticket) of its own
  useEffect(() => {
    if (typeof EventSource === 'undefined') {
      setStatus('polling');
      return;
    }
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let retryMs = FIRST_RETRY_MS;
    let stopped = false;
    let openedBefore = false;

    const retryLater = () => {
      source?.close();
      source = null;
      if (stopped) return;
      setStatus('polling');
      clearTimeout(retryTimer);
      retryTimer = setTimeout(connect, retryMs);
      retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
    };

    async function connect() {
      let ticket: string;
      try {
        ticket = await getEventTicket();
      } catch (error) {
        console.warn('Live updates: could not get a stream ticket; refreshing every 30 s instead', error);
        retryLater();
        return;
      }
      if (stopped) return;
      const stream = new EventSource(eventStreamUrl(ticket));
      source = stream;
      stream.addEventListener('ready', () => {
        retryMs = FIRST_RETRY_MS;
        setStatus('live');
        // Anything that changed while the stream was down is fetched now.
        if (openedBefore) handler.current('resync');
        openedBefore = true;
      });
      for (const type of LIVE_EVENT_TYPES) stream.addEventListener(type, () => handler.current(type));
      stream.addEventListener('expired', retryLater);
      // The browser would retry with the same (soon expired) ticket; a fresh one is fetched instead.
      stream.onerror = retryLater;
    }

    void connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [userId]);

  return status;
}
