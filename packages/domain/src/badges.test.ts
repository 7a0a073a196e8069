import { describe, expect, it } from 'vitest';
import { BADGES, type BadgeFacts, badgeInfo, earnedBadges, NO_BADGE_FACTS, stepBadgeId, stepSlug } from './badges';

const facts = (change: Partial<BadgeFacts>): BadgeFacts => ({ ...NO_BADGE_FACTS, ...change });

describe('badges: each rule at its boundary', () => {
  it('earns nothing with no facts', () => {
    expect(earnedBadges(NO_BADGE_FACTS)).toEqual([]);
  });

  it('first verified solve at 1, not at 0', () => {
    expect(earnedBadges(facts({ verifiedSolves: 0 }))).not.toContain('first-verified-solve');
    expect(earnedBadges(facts({ verifiedSolves: 1 }))).toEqual(['first-verified-solve']);
  });

  it.each([10, 50, 100])('%i verified solves at %i, not one before', (count) => {
    expect(earnedBadges(facts({ verifiedSolves: count - 1 }))).not.toContain(`verified-${count}`);
    expect(earnedBadges(facts({ verifiedSolves: count }))).toContain(`verified-${count}`);
  });

  it('100 verified solves earns every solve badge', () => {
    expect(earnedBadges(facts({ verifiedSolves: 100 }))).toEqual([
      'first-verified-solve',
      'verified-10',
      'verified-50',
      'verified-100',
    ]);
  });

  it.each([7, 30, 100])('a %i-day streak at %i days, not one before', (days) => {
    expect(earnedBadges(facts({ maxStreak: days - 1 }))).not.toContain(`streak-${days}`);
    expect(earnedBadges(facts({ maxStreak: days }))).toContain(`streak-${days}`);
  });

  it('a step at n-1 of n solved is not complete; at n it is', () => {
    const step = 'Step 1: Array Fundamentals';
    expect(earnedBadges(facts({ steps: [{ step, total: 19, solved: 18 }] }))).toEqual([]);
    expect(earnedBadges(facts({ steps: [{ step, total: 19, solved: 19 }] }))).toEqual([
      'step-complete:step-1-array-fundamentals',
    ]);
  });

  it('a step with no live problems earns nothing', () => {
    expect(earnedBadges(facts({ steps: [{ step: 'Step 9', total: 0, solved: 0 }] }))).toEqual([]);
  });

  it('each completed step has its own badge, in the sheet order', () => {
    const steps = [
      { step: 'Step 1: Arrays', total: 2, solved: 2 },
      { step: 'Step 2: Hashing', total: 3, solved: 1 },
      { step: 'Step 3: Two Pointers', total: 1, solved: 1 },
    ];
    expect(earnedBadges(facts({ steps }))).toEqual([
      'step-complete:step-1-arrays',
      'step-complete:step-3-two-pointers',
    ]);
  });

  it('a subject at 99 % (even one that rounds to 100 %) is not complete; every lesson done is', () => {
    expect(earnedBadges(facts({ subjects: [{ total: 100, completed: 99 }] }))).toEqual([]);
    expect(earnedBadges(facts({ subjects: [{ total: 200, completed: 199 }] }))).toEqual([]);
    expect(earnedBadges(facts({ subjects: [{ total: 0, completed: 0 }] }))).toEqual([]);
    expect(
      earnedBadges(
        facts({
          subjects: [
            { total: 5, completed: 2 },
            { total: 12, completed: 12 },
          ],
        }),
      ),
    ).toEqual(['core-subject-complete']);
  });

  it('first course completed at 1, not at 0', () => {
    expect(earnedBadges(facts({ coursesCompleted: 0 }))).toEqual([]);
    expect(earnedBadges(facts({ coursesCompleted: 1 }))).toEqual(['first-course-complete']);
  });

  it('an accepted answer at 1, not at 0', () => {
    expect(earnedBadges(facts({ acceptedAnswers: 0 }))).toEqual([]);
    expect(earnedBadges(facts({ acceptedAnswers: 1 }))).toEqual(['accepted-answer']);
  });
});

describe('badge definitions', () => {
  it('have unique ids, a name, a description and an icon', () => {
    const ids = BADGES.map((badge) => badge.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const badge of BADGES) {
      expect(badge.name).not.toBe('');
      expect(badge.description).not.toBe('');
      expect(badge.icon).toMatch(/^[A-Z][A-Za-z]+$/);
    }
  });

  it('name a step badge from the sheet, or from its id when the step is gone', () => {
    const id = stepBadgeId('Step 4: Binary Search on Arrays and Answers');
    expect(id).toBe('step-complete:step-4-binary-search-on-arrays-and-answers');
    expect(badgeInfo(id, ['Step 4: Binary Search on Arrays and Answers'])).toMatchObject({
      name: 'Completed Step 4: Binary Search on Arrays and Answers',
      icon: 'Footprints',
    });
    expect(badgeInfo(id)?.name).toBe('Completed Step 4 binary search on arrays and answers');
    expect(badgeInfo('first-verified-solve')?.name).toBe('First verified solve');
    expect(badgeInfo('no-such-badge')).toBeUndefined();
  });

  it('slugs a step name with accents and punctuation', () => {
    expect(stepSlug('Étape 2: Tries & Prefixes!')).toBe('etape-2-tries-prefixes');
  });
});
