import { describe, expect, it } from 'vitest';
import * as c from './constants';

describe('business constants (SPEC 9)', () => {
  it('match the spec', () => {
    expect(c.REQUEST_TIMEOUT_MS).toBe(30000);
    expect(c.DASHBOARD_REFRESH_MS).toBe(30000);
    expect(c.POPUP_DELAY_MS).toBe(1000);
    expect(c.POPUP_FADE_MS).toBe(400);
    expect(c.ACHIEVEMENTS_DELAY_MS).toBe(100);
    expect(c.TOPICS_PER_SERVER_SUBJECT).toBe(10);
    expect(c.ACTIVITY_DAYS).toBe(49);
    expect(c.RECENT_USERS_COUNT).toBe(5);
    expect(c.MAX_SKILL_HINTS).toBe(4);
    expect(c.APPLICATION_CLOSE_DELAY_MS).toBe(2000);
    expect(c.SPLASH_TEXT).toBe('Initializing your learning experience...');
  });
});
