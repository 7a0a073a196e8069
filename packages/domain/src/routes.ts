import type { Role } from './roles';

export type RouteAccess = { kind: 'public' } | { kind: 'signedIn' } | { kind: 'roles'; roles: readonly Role[] };

export type ScreenId =
  | 'home'
  | 'login'
  | 'register'
  | 'authSuccess'
  | 'verifyEmail'
  | 'forgotPassword'
  | 'resetPassword'
  | 'roleUpdate'
  | 'verifyOtp'
  | 'about'
  | 'contact'
  | 'careers'
  | 'blog'
  | 'blogPost'
  | 'blogCreate'
  | 'blogEdit'
  | 'help'
  | 'community'
  | 'communityThread'
  | 'privacy'
  | 'terms'
  | 'codeEditor'
  | 'courseView'
  | 'profile'
  | 'dashboard'
  | 'courses'
  | 'certificate'
  | 'certificateVerify'
  | 'coreSubjects'
  | 'subject'
  | 'subjectTopic'
  | 'dsaSheet'
  | 'dsaBookmarks'
  | 'dsaRoadmap'
  | 'problem'
  | 'publicProfile'
  | 'courseCreate'
  | 'courseEdit'
  | 'instructorPanel'
  | 'courseInsight'
  | 'admin'
  | 'adminSubjects'
  | 'dsaManagement'
  | 'notifications'
  | 'notificationSettings';

export interface RouteEntry {
  path: string;
  screen: ScreenId;
  title: string;
  access: RouteAccess;
}

const PUBLIC: RouteAccess = { kind: 'public' };
const SIGNED_IN: RouteAccess = { kind: 'signedIn' };
const INSTRUCTOR: RouteAccess = { kind: 'roles', roles: ['Instructor'] };
const ADMIN: RouteAccess = { kind: 'roles', roles: ['Admin'] };
/** DESIGN decision 1: /dsa-management is open to Instructors and Admins. */
const INSTRUCTOR_OR_ADMIN: RouteAccess = { kind: 'roles', roles: ['Instructor', 'Admin'] };

/** SPEC 2: the whole route table. The web router is built from it; tests read it. */
export const ROUTES: readonly RouteEntry[] = [
  { path: '/', screen: 'home', title: 'Home', access: PUBLIC },
  { path: '/Home', screen: 'home', title: 'Home', access: PUBLIC },
  { path: '/login', screen: 'login', title: 'Log in', access: PUBLIC },
  { path: '/register', screen: 'register', title: 'Sign up', access: PUBLIC },
  { path: '/api/auth/success', screen: 'authSuccess', title: 'Signing you in', access: PUBLIC },
  { path: '/auth-success', screen: 'authSuccess', title: 'Signing you in', access: PUBLIC },
  { path: '/verify-email/:token', screen: 'verifyEmail', title: 'Verify email', access: PUBLIC },
  { path: '/forgot-password', screen: 'forgotPassword', title: 'Forgot password', access: PUBLIC },
  { path: '/reset-password/:token', screen: 'resetPassword', title: 'Reset password', access: PUBLIC },
  { path: '/role-update', screen: 'roleUpdate', title: 'Role update', access: PUBLIC },
  { path: '/verify-otp', screen: 'verifyOtp', title: 'Verify your email', access: PUBLIC },
  { path: '/about', screen: 'about', title: 'About Us', access: PUBLIC },
  { path: '/contact', screen: 'contact', title: 'Contact', access: PUBLIC },
  { path: '/careers', screen: 'careers', title: 'Careers', access: PUBLIC },
  { path: '/blog', screen: 'blog', title: 'Blog', access: PUBLIC },
  // The editor's paths come before /blog/:slug so they win the match ('new' is a reserved slug).
  { path: '/blog/new', screen: 'blogCreate', title: 'Write a post', access: INSTRUCTOR },
  { path: '/blog/:slug/edit', screen: 'blogEdit', title: 'Edit post', access: INSTRUCTOR },
  { path: '/blog/:slug', screen: 'blogPost', title: 'Blog post', access: PUBLIC },
  { path: '/help', screen: 'help', title: 'Help Center', access: PUBLIC },
  { path: '/community', screen: 'community', title: 'Community', access: PUBLIC },
  // Issue 12: a thread and its replies, open to read without login.
  { path: '/community/:threadId', screen: 'communityThread', title: 'Community thread', access: PUBLIC },
  { path: '/privacy', screen: 'privacy', title: 'Privacy Policy', access: PUBLIC },
  { path: '/terms', screen: 'terms', title: 'Terms of Service', access: PUBLIC },
  { path: '/code-editor', screen: 'codeEditor', title: 'Code editor', access: PUBLIC },
  { path: '/profile', screen: 'profile', title: 'Profile Settings', access: SIGNED_IN },
  { path: '/dashboard', screen: 'dashboard', title: 'Dashboard', access: SIGNED_IN },
  // Issue 31: the person's notifications, and the one page that sets how each kind reaches them.
  { path: '/notifications', screen: 'notifications', title: 'Notifications', access: SIGNED_IN },
  {
    path: '/settings/notifications',
    screen: 'notificationSettings',
    title: 'Notification settings',
    access: SIGNED_IN,
  },
  { path: '/courses', screen: 'courses', title: 'Courses', access: SIGNED_IN },
  // Instructor-only paths come before /courses/:courseId so they win the match.
  { path: '/courses/create', screen: 'courseCreate', title: 'Create course', access: INSTRUCTOR },
  { path: '/courses/edit/:courseId', screen: 'courseEdit', title: 'Edit course', access: INSTRUCTOR },
  { path: '/courses/:courseId', screen: 'courseView', title: 'Course', access: PUBLIC },
  // Issue 30: anyone checks a certificate by the code printed on it (typed, or from its QR code).
  { path: '/certificates/verify', screen: 'certificateVerify', title: 'Verify a certificate', access: PUBLIC },
  {
    path: '/certificates/verify/:certificateCode',
    screen: 'certificateVerify',
    title: 'Verify a certificate',
    access: PUBLIC,
  },
  // Issue 10: anyone may open a certificate to check it is real.
  { path: '/certificates/:certificateId', screen: 'certificate', title: 'Certificate', access: PUBLIC },
  { path: '/core-subjects', screen: 'coreSubjects', title: 'Core Subjects', access: SIGNED_IN },
  { path: '/core-subject', screen: 'coreSubjects', title: 'Core Subjects', access: SIGNED_IN },
  { path: '/subject/:subjectId', screen: 'subject', title: 'Subject', access: SIGNED_IN },
  { path: '/subject/:subjectId/topic/:topicId', screen: 'subjectTopic', title: 'Lesson', access: SIGNED_IN },
  {
    path: '/subject/:subjectId/topic/:topicId/subtopic/:subtopicId',
    screen: 'subjectTopic',
    title: 'Lesson',
    access: SIGNED_IN,
  },
  { path: '/dsa-sheet', screen: 'dsaSheet', title: 'DSA Sheet', access: SIGNED_IN },
  { path: '/dsa-bookmarks', screen: 'dsaBookmarks', title: 'DSA Bookmarks', access: SIGNED_IN },
  // Issue 28: the sheet's topics as a graph of prerequisites.
  { path: '/dsa-sheet/roadmap', screen: 'dsaRoadmap', title: 'DSA Roadmap', access: SIGNED_IN },
  // Issue 27: a judged problem of the sheet, open to read and run without login (Submit asks for one). Its
  // parameter is named apart from the blog's :slug, since route parameters are filled by name (e2e's a11y matrix).
  { path: '/problems/:problemSlug', screen: 'problem', title: 'Problem', access: PUBLIC },
  // Issue 29: a learner's public profile, open to anyone while its owner has it on.
  { path: '/u/:handle', screen: 'publicProfile', title: 'Profile', access: PUBLIC },
  { path: '/instructor-panel', screen: 'instructorPanel', title: 'Instructor Panel', access: INSTRUCTOR },
  // Issue 30: a course's insight (funnel, item analysis, exercises, stalled learners), the owner's and admins'.
  {
    path: '/instructor-panel/courses/:courseId/insight',
    screen: 'courseInsight',
    title: 'Course insight',
    access: INSTRUCTOR,
  },
  { path: '/admin', screen: 'admin', title: 'Admin Panel', access: ADMIN },
  { path: '/admin/subjects', screen: 'adminSubjects', title: 'Manage subjects', access: ADMIN },
  { path: '/admin/dsa', screen: 'dsaManagement', title: 'DSA Management', access: ADMIN },
  { path: '/dsa-management', screen: 'dsaManagement', title: 'DSA Management', access: INSTRUCTOR_OR_ADMIN },
];

export type GuardResult = { kind: 'allow' } | { kind: 'redirect'; to: string };

/**
 * SPEC 2 route guards: no user → /login (remembering the target); a user lacking the
 * role → /dashboard. SPEC 6: an admin can do everything an instructor can, so Admins
 * pass Instructor-only routes.
 */
export function guardRoute(access: RouteAccess, role: Role | null, target: string): GuardResult {
  if (access.kind === 'public') return { kind: 'allow' };
  if (!role) return { kind: 'redirect', to: `/login?redirectTo=${encodeURIComponent(target)}` };
  if (access.kind === 'signedIn') return { kind: 'allow' };
  const allowed = access.roles.includes(role) || (role === 'Admin' && access.roles.includes('Instructor'));
  return allowed ? { kind: 'allow' } : { kind: 'redirect', to: '/dashboard' };
}

/** SPEC 2 OAuth callback mode: a path containing auth-success serves only /auth-success. */
export function isOAuthCallbackMode(pathname: string): boolean {
  return pathname.includes('auth-success');
}

const DEFAULT_REDIRECT_TARGET = '/dashboard';
/**
 * A browser's URL parser drops tab, LF and CR and reads `\` as `/`, so `/\t/evil.example` is `//evil.example`,
 * another site; React Router refuses such a target with its error screen. Every control character (C0 and
 * DEL) and the backslash are refused outright, raw or percent-encoded (`%09`, `%0a`, `%5c`...): no page of
 * ours needs them, and a target that is decoded once more on its way must not become one either.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what it refuses
const UNSAFE_IN_TARGET = /[\u0000-\u001f\u007f\\]|%(?:[01][0-9a-f]|7f|5c)/i;
const SAME_SITE_BASE = 'http://learnbuild.invalid';

/**
 * Only same-site paths are followed after login; anything else falls back to /dashboard (issue 26). The URL
 * parser has the last word: whatever it makes of the target must stay on this origin.
 */
export function safeRedirectTarget(value: string | null | undefined): string {
  if (!value?.startsWith('/') || value.startsWith('//') || UNSAFE_IN_TARGET.test(value)) return DEFAULT_REDIRECT_TARGET;
  try {
    if (new URL(value, SAME_SITE_BASE).origin !== SAME_SITE_BASE) return DEFAULT_REDIRECT_TARGET;
  } catch {
    return DEFAULT_REDIRECT_TARGET;
  }
  return value;
}
