import type { Role } from '@learnbuild/domain/roles';

/** How the panel names each role on the wire; pending_instructor reads as words. */
export const ROLE_NAMES: Record<Role, string> = {
  Student: 'Student',
  Instructor: 'Instructor',
  Admin: 'Admin',
  pending_instructor: 'Pending instructor',
};
