export const ROLES = ['Student', 'Instructor', 'Admin', 'pending_instructor'] as const;
export type Role = (typeof ROLES)[number];

/** SPEC 6: the role label reads Admin, Instructor or Student; pending users show as Student. */
export function roleLabel(role: Role): 'Admin' | 'Instructor' | 'Student' {
  if (role === 'Admin' || role === 'Instructor') return role;
  return 'Student';
}

/** SPEC 6: the 'is instructor' flag is true for Instructor and Admin. */
export function isInstructor(role: Role | undefined | null): boolean {
  return role === 'Instructor' || role === 'Admin';
}

export function isAdmin(role: Role | undefined | null): boolean {
  return role === 'Admin';
}

/** Who may do what, in one place; the API guards and the web guards both read it. */
export const PERMISSIONS = {
  createCourse: ['Instructor', 'Admin'],
  instructorPanel: ['Instructor', 'Admin'],
  adminPanel: ['Admin'],
  manageSubjects: ['Admin'],
  manageDsa: ['Instructor', 'Admin'],
  readContactMessages: ['Admin'],
  reviewInstructorApplications: ['Admin'],
  manageUsers: ['Admin'],
  readAuditLog: ['Admin'],
  viewPlatformStats: ['Admin'],
  /** Hide, lock and pin community posts, and work the report queue. */
  moderateCommunity: ['Instructor', 'Admin'],
  /** Write blog posts (an Admin edits any post, an Instructor their own). */
  writeBlog: ['Instructor', 'Admin'],
  /** Revoke and restore course certificates (issue 30). */
  revokeCertificates: ['Admin'],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role | undefined | null, permission: Permission): boolean {
  if (!role) return false;
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}
