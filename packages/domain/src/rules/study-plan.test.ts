import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addDays } from './streaks';
import {
  customFinishProblem,
  INTERVIEW_PLAN_STEPS,
  planDifficulties,
  readyPlanFinish,
  type StudyPlanInput,
  studyPlanProgress,
} from './study-plan';

const plan = (values: Partial<StudyPlanInput>): StudyPlanInput => ({
  today: '2026-03-10',
  startOn: '2026-03-01',
  finishOn: '2026-03-30',
  total: 30,
  solved: 9,
  solvedToday: 0,
  ...values,
});

describe('study plan arithmetic (issue 29)', () => {
  it('counts today among the days left', () => {
    // 10 → 30 March is 21 days with both ends.
    expect(studyPlanProgress(plan({})).daysLeft).toBe(21);
  });

  it('divides exactly when it can', () => {
    const progress = studyPlanProgress(plan({ total: 30, solved: 9 }));
    expect(progress).toMatchObject({ remaining: 21, dailyTarget: 1, leftToday: 1 });
  });

  it('rounds the daily target up', () => {
    expect(studyPlanProgress(plan({ total: 31, solved: 9 })).dailyTarget).toBe(2); // 22 / 21
    expect(studyPlanProgress(plan({ total: 72, solved: 9 })).dailyTarget).toBe(3); // 63 / 21
    expect(studyPlanProgress(plan({ total: 73, solved: 9 })).dailyTarget).toBe(4); // 64 / 21
  });

  it('asks for everything left when the plan finishes today', () => {
    const progress = studyPlanProgress(plan({ today: '2026-03-30', total: 30, solved: 13 }));
    expect(progress).toMatchObject({ daysLeft: 1, remaining: 17, dailyTarget: 17, leftToday: 17 });
  });

  it('counts what was solved today toward today, so the target holds still during the day', () => {
    const morning = studyPlanProgress(plan({ total: 72, solved: 9, solvedToday: 0 }));
    const evening = studyPlanProgress(plan({ total: 72, solved: 11, solvedToday: 2 }));
    expect(morning).toMatchObject({ dailyTarget: 3, leftToday: 3 });
    expect(evening).toMatchObject({ dailyTarget: 3, leftToday: 1, remaining: 61 });
    const overDone = studyPlanProgress(plan({ total: 72, solved: 14, solvedToday: 5 }));
    expect(overDone).toMatchObject({ dailyTarget: 3, leftToday: 0 });
  });

  it('ends once the finish day has passed: no target, the remaining count kept', () => {
    const progress = studyPlanProgress(plan({ today: '2026-03-31', total: 30, solved: 20 }));
    expect(progress).toEqual({
      remaining: 10,
      daysLeft: 0,
      dailyTarget: 0,
      leftToday: 0,
      expectedSolvedByToday: 30,
      status: 'ended',
    });
  });

  it('is done with nothing left, before or after the finish day', () => {
    expect(studyPlanProgress(plan({ total: 30, solved: 30 }))).toMatchObject({
      status: 'done',
      remaining: 0,
      dailyTarget: 0,
      leftToday: 0,
    });
    expect(studyPlanProgress(plan({ today: '2026-04-15', total: 30, solved: 30 })).status).toBe('done');
    expect(studyPlanProgress(plan({ total: 0, solved: 0 })).status).toBe('done');
  });

  it('is on track exactly on the line and behind one below it', () => {
    // 9 days before today of 30: 30 × 9 / 30 = 9 expected.
    expect(studyPlanProgress(plan({ solved: 9 }))).toMatchObject({ expectedSolvedByToday: 9, status: 'on-track' });
    expect(studyPlanProgress(plan({ solved: 8 }))).toMatchObject({ expectedSolvedByToday: 9, status: 'behind' });
    // A fraction of a problem rounds up: 31 × 9 / 30 = 9.3 → 10.
    expect(studyPlanProgress(plan({ total: 31, solved: 9 }))).toMatchObject({
      expectedSolvedByToday: 10,
      status: 'behind',
    });
    expect(studyPlanProgress(plan({ total: 31, solved: 10 })).status).toBe('on-track');
  });

  it('expects nothing on the first day', () => {
    const progress = studyPlanProgress(plan({ today: '2026-03-01', solved: 0 }));
    expect(progress).toMatchObject({ expectedSolvedByToday: 0, status: 'on-track', daysLeft: 30, dailyTarget: 1 });
  });

  it('never falls behind by meeting every daily target', () => {
    let solved = 0;
    for (let day = 0; day < 30; day += 1) {
      const today = addDays('2026-03-01', day);
      const progress = studyPlanProgress({
        today,
        startOn: '2026-03-01',
        finishOn: '2026-03-30',
        total: 97,
        solved,
        solvedToday: 0,
      });
      expect(progress.status).toBe('on-track');
      solved += progress.dailyTarget;
    }
    expect(solved).toBe(97);
  });

  it('reads a start after today (a change of time zone) as starting today', () => {
    const progress = studyPlanProgress(plan({ today: '2026-02-28', startOn: '2026-03-01', solved: 0 }));
    expect(progress).toMatchObject({ expectedSolvedByToday: 0, status: 'on-track', daysLeft: 31 });
  });
});

describe('ready-made and custom plans', () => {
  it('finishes the 90-day plan on start + 89 and the 30-day plan on start + 29', () => {
    expect(readyPlanFinish('sheet-90', '2026-01-01')).toBe('2026-03-31');
    expect(readyPlanFinish('interview-30', '2026-01-01')).toBe('2026-01-30');
  });

  it('covers only Easy and Medium problems in the interview plan', () => {
    expect(planDifficulties('interview-30')).toEqual(['Easy', 'Medium']);
    expect(planDifficulties('sheet-90')).toBeNull();
    expect(planDifficulties('custom')).toBeNull();
  });

  it("names the interview plan's steps exactly as the bank does", () => {
    const bank = JSON.parse(
      readFileSync(new URL('../../../../apps/api/content/dsa/problems.json', import.meta.url), 'utf8'),
    );
    for (const step of INTERVIEW_PLAN_STEPS) expect(bank.steps).toContain(step);
  });

  it('takes a custom finish date from today up to 365 days ahead', () => {
    expect(customFinishProblem('2026-03-10', '2026-03-10')).toBeNull();
    expect(customFinishProblem('2027-03-10', '2026-03-10')).toBeNull();
    expect(customFinishProblem('2026-03-09', '2026-03-10')).toBe('The finish date cannot be before today (2026-03-10)');
    expect(customFinishProblem('2027-03-11', '2026-03-10')).toBe(
      'The finish date can be at most 365 days ahead (2027-03-10)',
    );
  });
});
