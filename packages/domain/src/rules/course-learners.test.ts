import { describe, expect, it } from 'vitest';
import { seesAllLearners, visibleLearnerIds } from './course-learners';

const OWNER = { id: 'owner', role: 'Instructor' as const };
const LISTED = ['learner-b', 'learner-a', 'owner'];

describe('who reads a course’s learner ids (issue 26)', () => {
  it('“show the ids only to the owner and admins”', () => {
    expect(seesAllLearners(OWNER, 'owner')).toBe(true);
    expect(seesAllLearners({ id: 'admin', role: 'Admin' }, 'owner')).toBe(true);
    expect(seesAllLearners({ id: 'other', role: 'Instructor' }, 'owner')).toBe(false);
    expect(seesAllLearners({ id: 'learner-a', role: 'Student' }, 'owner')).toBe(false);
    // A pending instructor or a former instructor is not the owner, whatever id the course names.
    expect(seesAllLearners({ id: 'owner', role: 'pending_instructor' }, 'owner')).toBe(false);
    expect(seesAllLearners({ id: 'owner', role: 'Student' }, 'owner')).toBe(false);
    expect(seesAllLearners(null, 'owner')).toBe(false);
  });

  it('gives the owner and admins every listed id, in order', () => {
    expect(visibleLearnerIds(OWNER, 'owner', LISTED, false)).toEqual(LISTED);
    expect(visibleLearnerIds({ id: 'admin', role: 'Admin' }, 'owner', LISTED, false)).toEqual(LISTED);
  });

  it('“to a learner only their own”, and only when they are one', () => {
    expect(visibleLearnerIds({ id: 'learner-a', role: 'Student' }, 'owner', LISTED, true)).toEqual(['learner-a']);
    // Enrolled long ago (not among the listed most recent): still their own id.
    expect(visibleLearnerIds({ id: 'learner-z', role: 'Student' }, 'owner', LISTED, true)).toEqual(['learner-z']);
    expect(visibleLearnerIds({ id: 'learner-c', role: 'Student' }, 'owner', LISTED, false)).toEqual([]);
    expect(visibleLearnerIds({ id: 'other', role: 'Instructor' }, 'owner', LISTED, false)).toEqual([]);
    expect(visibleLearnerIds({ id: 'other', role: 'Instructor' }, 'owner', LISTED, true)).toEqual(['other']);
  });

  it('gives an anonymous visitor no id at all', () => {
    expect(visibleLearnerIds(null, 'owner', LISTED, false)).toEqual([]);
    expect(visibleLearnerIds(null, 'owner', LISTED, true)).toEqual([]);
  });
});
