import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, browserToday } from './time-zone';

const RealDateTimeFormat = Intl.DateTimeFormat;

/** Makes the browser's default format report `zone`, counting how often one is built to ask. */
function browserIn(zone: string | undefined) {
  let asked = 0;
  // A function declaration, not an arrow: the domain's day rule calls it with `new`.
  function madeInZone(...args: ConstructorParameters<typeof Intl.DateTimeFormat>) {
    const format = new RealDateTimeFormat(...args);
    if (args.length > 0) return format;
    asked += 1;
    const options = format.resolvedOptions();
    format.resolvedOptions = () => ({ ...options, timeZone: zone as string });
    return format;
  }
  vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(madeInZone as unknown as typeof Intl.DateTimeFormat);
  return { asked: () => asked };
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('browserTimeZone (DESIGN decision 6: the browser zone is sent with every call)', () => {
  it('reads the zone once for every row drawn within a second', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T10:00:00.100Z'), toFake: ['Date'] });
    const built = browserIn('Asia/Kolkata');
    const zones = Array.from({ length: 1000 }, () => browserTimeZone());
    expect(new Set(zones)).toEqual(new Set(['Asia/Kolkata']));
    expect(built.asked()).toBe(1);
  });

  it('sees a new zone from the next second on', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T03:00:00.500Z'), toFake: ['Date'] });
    browserIn('Europe/Berlin');
    expect(browserTimeZone()).toBe('Europe/Berlin');
    vi.restoreAllMocks();
    browserIn('America/New_York');
    // Within the same second the zone read is kept; from the next second the new one counts.
    expect(browserTimeZone()).toBe('Europe/Berlin');
    vi.setSystemTime(new Date('2026-11-27T03:00:01.000Z'));
    expect(browserTimeZone()).toBe('America/New_York');
    // 22:00 on the 26th in New York, while it is 04:00 on the 27th in Berlin: the day follows the new zone.
    expect(browserToday()).toBe('2026-11-26');
  });

  it('falls back to UTC when the browser reports no zone', () => {
    vi.useFakeTimers({ now: new Date('2026-11-27T12:00:00.000Z'), toFake: ['Date'] });
    browserIn(undefined);
    expect(browserTimeZone()).toBe('UTC');
  });
});
