import { LIVE_EVENT_TYPES, type LiveEventType } from '@learnbuild/domain/schemas/dashboard';
import { useEffect, useRef, useState } from 'react';
import { eventStreamUrl, getEventTicket } from '@/features/dashboard/api/get-event-ticket';

/** 'live': the event stream is open; 'polling': it is down and the 30 s refresh carries on alone. */
export type LiveStatus = 'connecting' | 'live' | 'polling';

type Listener = (type: LiveEventType | 'resync') => void;

const FIRST_RETRY_MS = 2_000;
const MAX_RETRY_MS = 30_000;

/** One stream per account, shared by everything on the page that listens (the navbar's bell, the dashboard). */
interface SharedStream {
  listeners: Set<Listener>;
  statusWatchers: Set<(status: LiveStatus) => void>;
  status: LiveStatus;
  stop: () => void;
}

const streams = new Map<string, SharedStream>();

/**
 * Opens the server-sent event stream of the signed-in session. A dropped stream is reopened with a fresh ticket, waiting
 * longer each time; once it is back, every listener hears 'resync' (anything may have changed meanwhile).
 */
function openStream(): SharedStream {
  const shared: SharedStream = {
    listeners: new Set(),
    statusWatchers: new Set(),
    status: 'connecting',
    stop: () => {},
  };
  const setStatus = (status: LiveStatus) => {
    shared.status = status;
    for (const watcher of shared.statusWatchers) watcher(status);
  };
  const tell = (type: LiveEventType | 'resync') => {
    for (const listener of [...shared.listeners]) listener(type);
  };
  if (typeof EventSource === 'undefined') {
    shared.status = 'polling';
    return shared;
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
      if (openedBefore) tell('resync');
      openedBefore = true;
    });
    for (const type of LIVE_EVENT_TYPES) stream.addEventListener(type, () => tell(type));
    stream.addEventListener('expired', retryLater);
    // The browser would retry with the same (soon expired) ticket; a fresh one is fetched instead.
    stream.onerror = retryLater;
  }

  void connect();
  shared.stop = () => {
    stopped = true;
    clearTimeout(retryTimer);
    source?.close();
  };
  return shared;
}

/**
 * Calls `onEvent` for each change the server announces to the signed-in user. Every caller on the page shares
 * one stream (and ticket); it closes when the last of them goes away.
 */
export function useLiveUpdates(userId: string, onEvent: Listener): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>(() => streams.get(userId)?.status ?? 'connecting');
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    let shared = streams.get(userId);
    if (!shared) {
      shared = openStream();
      streams.set(userId, shared);
    }
    const listener: Listener = (type) => handler.current(type);
    shared.listeners.add(listener);
    shared.statusWatchers.add(setStatus);
    setStatus(shared.status);
    const current = shared;
    return () => {
      current.listeners.delete(listener);
      current.statusWatchers.delete(setStatus);
      if (current.listeners.size === 0) {
        current.stop();
        if (streams.get(userId) === current) streams.delete(userId);
      }
    };
  }, [userId]);

  return status;
}
