import type { Role } from '../roles';

export interface ApplicationStatusReply {
  applicationStatus: 'none' | 'pending' | 'approved' | 'rejected';
  canApply: boolean;
  wantsToBeInstructor: boolean;
  resubmissionAllowed?: boolean | null;
  rejectionReason?: string | null;
}

export type InstructorCardState =
  | { kind: 'hidden' }
  | { kind: 'apply'; resubmit: boolean }
  | { kind: 'pending' }
  | { kind: 'rejected'; reason: string | null }
  | { kind: 'declined' }
  | { kind: 'unavailable' };

export const INSTRUCTOR_CARD_TEXT = {
  title: 'Become an Instructor',
  apply: 'Apply as Instructor',
  pending: 'Under Review',
  rejected: 'Not Approved',
  declined: 'Application Permanently Declined',
  unavailable: 'Instructor applications are currently not available for your account.',
  submitting: 'Submitting Application...',
  resubmitting: 'Resubmitting Application...',
} as const;

/** SPEC 4: the states of the 'Become an Instructor' card. */
export function instructorCardState(role: Role, status: ApplicationStatusReply | null): InstructorCardState {
  if (role === 'Instructor' || role === 'Admin') return { kind: 'hidden' };
  if (role === 'pending_instructor' || status?.applicationStatus === 'pending') return { kind: 'pending' };
  if (!status) return { kind: 'unavailable' };
  if (status.applicationStatus === 'rejected') {
    if (status.resubmissionAllowed === false) return { kind: 'declined' };
    return status.canApply
      ? { kind: 'apply', resubmit: true }
      : { kind: 'rejected', reason: status.rejectionReason ?? null };
  }
  // 'approved' is neither pending nor rejected: a Student holding one lost the role to an admin since.
  if (role === 'Student' && status.canApply) return { kind: 'apply', resubmit: false };
  return { kind: 'unavailable' };
}
