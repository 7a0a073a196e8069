import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '../roles';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../schemas/instructor-applications';
import {
  type ApplicationStatusReply,
  INSTRUCTOR_CARD_TEXT,
  type InstructorCardState,
  instructorCardState,
} from './instructor-card';

type ResubmissionAllowed = boolean | null;
interface Combination {
  role: Role;
  applicationStatus: ApplicationStatus;
  canApply: boolean;
  resubmissionAllowed: ResubmissionAllowed;
}

const combinations: Combination[] = ROLES.flatMap((role) =>
  APPLICATION_STATUSES.flatMap((applicationStatus) =>
    [true, false].flatMap((canApply) =>
      ([true, false, null] as const).map((resubmissionAllowed) => ({
        role,
        applicationStatus,
        canApply,
        resubmissionAllowed,
      })),
    ),
  ),
);

const REASON = 'Add a portfolio link';
const reply = (c: Combination): ApplicationStatusReply => ({
  applicationStatus: c.applicationStatus,
  canApply: c.canApply,
  wantsToBeInstructor: c.applicationStatus !== 'none',
  resubmissionAllowed: c.resubmissionAllowed,
  rejectionReason: c.applicationStatus === 'rejected' ? REASON : null,
});

/**
 * SPEC 4 and 6 sentence by sentence. Each sentence claims the combinations it speaks about; together
 * they must claim every combination exactly once, so no state is left to chance.
 */
const rules: { spec: string; applies: (c: Combination) => boolean; state: InstructorCardState }[] = [
  {
    spec: 'Instructors see no card. / The become-instructor card is hidden for instructors. (Admins are instructors: SPEC 6)',
    applies: (c) => c.role === 'Instructor' || c.role === 'Admin',
    state: { kind: 'hidden' },
  },
  {
    spec: 'The pending display also applies when the role is pending_instructor.',
    applies: (c) => c.role === 'pending_instructor',
    state: { kind: 'pending' },
  },
  {
    spec: "Instructor application: none, then pending (role pending_instructor; shown as 'Under Review')",
    applies: (c) => c.role === 'Student' && c.applicationStatus === 'pending',
    state: { kind: 'pending' },
  },
  {
    spec: "If it [resubmissionAllowed] is false, the card shows 'Application Permanently Declined' with a contact-support link.",
    applies: (c) => c.role === 'Student' && c.applicationStatus === 'rejected' && c.resubmissionAllowed === false,
    state: { kind: 'declined' },
  },
  {
    spec: "After rejection the user may reapply if resubmissionAllowed is not false. ('Resubmitting Application...')",
    applies: (c) =>
      c.role === 'Student' && c.applicationStatus === 'rejected' && c.resubmissionAllowed !== false && c.canApply,
    state: { kind: 'apply', resubmit: true },
  },
  {
    spec: "rejected ('Not Approved'), while the server says this account cannot apply (canApply false)",
    applies: (c) =>
      c.role === 'Student' && c.applicationStatus === 'rejected' && c.resubmissionAllowed !== false && !c.canApply,
    state: { kind: 'rejected', reason: REASON },
  },
  {
    spec: "Only a Student who canApply and has no pending or rejected application sees 'Apply as Instructor'.",
    applies: (c) =>
      c.role === 'Student' && (c.applicationStatus === 'none' || c.applicationStatus === 'approved') && c.canApply,
    state: { kind: 'apply', resubmit: false },
  },
  {
    spec: "Otherwise the card says 'Instructor applications are currently not available for your account.'",
    applies: (c) =>
      c.role === 'Student' && (c.applicationStatus === 'none' || c.applicationStatus === 'approved') && !c.canApply,
    state: { kind: 'unavailable' },
  },
];

const label = (c: Combination) =>
  `${c.role} × ${c.applicationStatus} × canApply ${c.canApply} × resubmissionAllowed ${c.resubmissionAllowed}`;

describe('instructor card: every role × applicationStatus × canApply × resubmissionAllowed (SPEC 4)', () => {
  it('covers all 96 combinations, each claimed by exactly one sentence of SPEC 4', () => {
    expect(combinations).toHaveLength(ROLES.length * APPLICATION_STATUSES.length * 2 * 3);
    expect(combinations).toHaveLength(96);
    for (const combination of combinations) {
      const claimed = rules.filter((rule) => rule.applies(combination)).map((rule) => rule.spec);
      expect(claimed, label(combination)).toHaveLength(1);
    }
  });

  for (const rule of rules) {
    const claimed = combinations.filter(rule.applies);
    it(`${rule.spec} → ${rule.state.kind} (${claimed.length} combinations)`, () => {
      expect(claimed.length).toBeGreaterThan(0);
      for (const combination of claimed) {
        expect(instructorCardState(combination.role, reply(combination)), label(combination)).toEqual(rule.state);
      }
    });
  }

  it('before the status has loaded: hidden for instructors, pending for pending_instructor, unavailable otherwise', () => {
    expect(instructorCardState('Instructor', null)).toEqual({ kind: 'hidden' });
    expect(instructorCardState('Admin', null)).toEqual({ kind: 'hidden' });
    expect(instructorCardState('pending_instructor', null)).toEqual({ kind: 'pending' });
    expect(instructorCardState('Student', null)).toEqual({ kind: 'unavailable' });
  });

  it("a rejection with no reason still shows 'Not Approved'", () => {
    expect(
      instructorCardState('Student', {
        applicationStatus: 'rejected',
        canApply: false,
        wantsToBeInstructor: true,
        resubmissionAllowed: true,
      }),
    ).toEqual({ kind: 'rejected', reason: null });
  });

  it("quotes SPEC 4's texts", () => {
    expect(INSTRUCTOR_CARD_TEXT).toEqual({
      title: 'Become an Instructor',
      apply: 'Apply as Instructor',
      pending: 'Under Review',
      rejected: 'Not Approved',
      declined: 'Application Permanently Declined',
      unavailable: 'Instructor applications are currently not available for your account.',
      submitting: 'Submitting Application...',
      resubmitting: 'Resubmitting Application...',
    });
  });
});
