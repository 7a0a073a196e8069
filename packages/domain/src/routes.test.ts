import { describe, expect, it } from 'vitest';
import { FALLBACK_MESSAGES, messageTone } from './messages';
import { isInstructor, roleLabel } from './roles';
import { guardRoute, isOAuthCallbackMode, ROUTES, safeRedirectTarget } from './routes';

const access = (path: string) => {
  const route = ROUTES.find((r) => r.path === path);
  if (!route) throw new Error(`no route ${path}`);
  return route.access;
};

const PUBLIC = [
  '/',
  '/Home',
  '/login',
  '/register',
  '/api/auth/success',
  '/verify-email/:token',
  '/forgot-password',
  '/reset-password/:token',
  '/role-update',
  '/verify-otp',
  '/about',
  '/contact',
  '/careers',
  '/blog',
  '/blog/:slug',
  '/help',
  '/community',
  '/community/:threadId',
  '/privacy',
  '/terms',
  '/code-editor',
  '/courses/:courseId',
  '/certificates/:certificateId',
  '/certificates/verify',
  '/certificates/verify/:certificateCode',
  '/problems/:problemSlug',
];
const SIGNED_IN = [
  '/profile',
  '/dashboard',
  '/courses',
  '/core-subjects',
  '/core-subject',
  '/subject/:subjectId',
  '/subject/:subjectId/topic/:topicId',
  '/subject/:subjectId/topic/:topicId/subtopic/:subtopicId',
  '/dsa-sheet',
  '/dsa-bookmarks',
  '/dsa-sheet/roadmap',
];
const INSTRUCTOR_ONLY = [
  '/courses/create',
  '/courses/edit/:courseId',
  '/instructor-panel',
  '/instructor-panel/courses/:courseId/insight',
  '/blog/new',
  '/blog/:slug/edit',
];
const ADMIN_ONLY = ['/admin', '/admin/subjects', '/admin/dsa'];

describe('route table (SPEC 2)', () => {
  it('holds every route of the spec', () => {
    const paths = ROUTES.map((r) => r.path);
    for (const path of [...PUBLIC, ...SIGNED_IN, ...INSTRUCTOR_ONLY, ...ADMIN_ONLY, '/dsa-management'])
      expect(paths).toContain(path);
  });

  it.each(PUBLIC)('%s is open without login', (path) => {
    expect(guardRoute(access(path), null, path)).toEqual({ kind: 'allow' });
  });

  it.each(SIGNED_IN)('%s sends an anonymous visitor to /login remembering the target', (path) => {
    expect(guardRoute(access(path), null, '/dsa-sheet?topic=Graphs')).toEqual({
      kind: 'redirect',
      to: '/login?redirectTo=%2Fdsa-sheet%3Ftopic%3DGraphs',
    });
    for (const role of ['Student', 'pending_instructor', 'Instructor', 'Admin'] as const) {
      expect(guardRoute(access(path), role, path)).toEqual({ kind: 'allow' });
    }
  });

  it.each(INSTRUCTOR_ONLY)('%s: anonymous → /login remembering the target, Student → /dashboard', (path) => {
    expect(guardRoute(access(path), null, '/courses/edit/c-1?tab=2')).toEqual({
      kind: 'redirect',
      to: '/login?redirectTo=%2Fcourses%2Fedit%2Fc-1%3Ftab%3D2',
    });
    expect(guardRoute(access(path), 'Student', path)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(guardRoute(access(path), 'pending_instructor', path)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(guardRoute(access(path), 'Instructor', path)).toEqual({ kind: 'allow' });
    expect(guardRoute(access(path), 'Admin', path)).toEqual({ kind: 'allow' });
  });

  it.each(ADMIN_ONLY)('%s: only Admin; anonymous → /login remembering the target', (path) => {
    expect(guardRoute(access(path), null, '/admin/subjects')).toEqual({
      kind: 'redirect',
      to: '/login?redirectTo=%2Fadmin%2Fsubjects',
    });
    expect(guardRoute(access(path), 'pending_instructor', path)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(guardRoute(access(path), 'Student', path)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(guardRoute(access(path), 'Instructor', path)).toEqual({ kind: 'redirect', to: '/dashboard' });
    expect(guardRoute(access(path), 'Admin', path)).toEqual({ kind: 'allow' });
  });

  it('/dsa-management admits Instructors and Admins (DESIGN decision 1)', () => {
    expect(guardRoute(access('/dsa-management'), null, '/dsa-management')).toEqual({
      kind: 'redirect',
      to: '/login?redirectTo=%2Fdsa-management',
    });
    expect(guardRoute(access('/dsa-management'), 'Student', '/dsa-management')).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
    expect(guardRoute(access('/dsa-management'), 'Instructor', '/dsa-management')).toEqual({ kind: 'allow' });
    expect(guardRoute(access('/dsa-management'), 'Admin', '/dsa-management')).toEqual({ kind: 'allow' });
  });

  it('serves one screen on the paths the spec says share it', () => {
    const screen = (path: string) => ROUTES.find((r) => r.path === path)?.screen;
    // /core-subjects and /core-subject (same screen)
    expect(screen('/core-subject')).toBe('coreSubjects');
    expect(screen('/core-subjects')).toBe('coreSubjects');
    // the subtopic route shows the same topic screen
    expect(screen('/subject/:subjectId/topic/:topicId/subtopic/:subtopicId')).toBe('subjectTopic');
    expect(screen('/subject/:subjectId/topic/:topicId')).toBe('subjectTopic');
    // /dsa-management: same screen as the admin DSA screen
    expect(screen('/dsa-management')).toBe('dsaManagement');
    expect(screen('/admin/dsa')).toBe('dsaManagement');
    expect(screen('/Home')).toBe('home');
    expect(screen('/')).toBe('home');
    // and no other route borrows those screens
    expect(ROUTES.filter((r) => r.screen === 'coreSubjects').map((r) => r.path)).toEqual([
      '/core-subjects',
      '/core-subject',
    ]);
    expect(ROUTES.filter((r) => r.screen === 'dsaManagement').map((r) => r.path)).toEqual([
      '/admin/dsa',
      '/dsa-management',
    ]);
  });

  it('matches the blog editor before a post (Instructors and Admins write posts)', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(paths.indexOf('/blog/new')).toBeLessThan(paths.indexOf('/blog/:slug'));
    expect(paths.indexOf('/blog/:slug/edit')).toBeLessThan(paths.indexOf('/blog/:slug'));
    expect(ROUTES.find((r) => r.path === '/blog/new')?.screen).toBe('blogCreate');
    expect(ROUTES.find((r) => r.path === '/blog/:slug/edit')?.screen).toBe('blogEdit');
  });

  it('opens a community thread on its own screen, readable without login (issue 12)', () => {
    expect(ROUTES.find((r) => r.path === '/community/:threadId')?.screen).toBe('communityThread');
    expect(guardRoute(access('/community/:threadId'), null, '/community/t-1')).toEqual({ kind: 'allow' });
  });

  it('opens a judged problem on its own screen, readable without login (issue 27)', () => {
    expect(ROUTES.find((r) => r.path === '/problems/:problemSlug')?.screen).toBe('problem');
    expect(guardRoute(access('/problems/:problemSlug'), null, '/problems/two-sum')).toEqual({ kind: 'allow' });
  });

  it('enters OAuth callback mode when the path contains auth-success', () => {
    expect(isOAuthCallbackMode('/auth-success')).toBe(true);
    expect(isOAuthCallbackMode('/foo/auth-success/bar')).toBe(true);
    expect(isOAuthCallbackMode('/api/auth/success')).toBe(false);
    expect(isOAuthCallbackMode('/dashboard')).toBe(false);
  });

  it('follows only same-site redirect targets', () => {
    expect(safeRedirectTarget('/dsa-sheet?x=1')).toBe('/dsa-sheet?x=1');
    expect(safeRedirectTarget('https://evil.example')).toBe('/dashboard');
    expect(safeRedirectTarget('//evil.example')).toBe('/dashboard');
    expect(safeRedirectTarget(null)).toBe('/dashboard');
  });

  it('refuses control characters and backslashes, raw or percent-encoded (issue 26)', () => {
    const refused = [
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r/evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '/dsa-sheet\\..\\x',
      '/%09/evil.example',
      '/%0a/evil.example',
      '/%0D/evil.example',
      '/%5c/evil.example',
      '/%5Cevil.example',
      '/\u0000/evil.example',
      '/\u001b/evil.example',
      '/\u007f/evil.example',
      '/%00/x',
      '/%1F/x',
      '/%7f/x',
      '/dsa-sheet?next=%0a',
      'javascript:alert(1)',
      ' /dsa-sheet',
      '',
    ];
    for (const target of refused) expect(safeRedirectTarget(target), JSON.stringify(target)).toBe('/dashboard');
    // Ordinary paths, queries and fragments, with the percent-encodings pages do use, are kept as given.
    for (const target of ['/courses/two-pointers?tab=reviews#r1', '/blog/caf%C3%A9', '/community?q=a%20b', '/'])
      expect(safeRedirectTarget(target)).toBe(target);
  });
});

describe('roles (SPEC 6)', () => {
  it('labels Admin, Instructor or Student; pending users show as Student', () => {
    expect(roleLabel('Admin')).toBe('Admin');
    expect(roleLabel('Instructor')).toBe('Instructor');
    expect(roleLabel('Student')).toBe('Student');
    expect(roleLabel('pending_instructor')).toBe('Student');
  });
  it("'is instructor' is true for Instructor and Admin", () => {
    expect(isInstructor('Instructor')).toBe(true);
    expect(isInstructor('Admin')).toBe(true);
    expect(isInstructor('Student')).toBe(false);
    expect(isInstructor('pending_instructor')).toBe(false);
  });
});

describe('messages (SPEC 8)', () => {
  it('has the fallback messages word for word', () => {
    expect(Object.values(FALLBACK_MESSAGES)).toEqual([
      'Login failed',
      'Registration failed',
      'Failed to send reset email',
      'Failed to reset password',
      'Failed to verify OTP',
      'Failed to resend OTP',
      'Failed to submit instructor application',
      'Error submitting application',
    ]);
  });
  it("shows messages containing 'error' in red, others in green", () => {
    expect(messageTone('Error submitting application')).toBe('error');
    expect(messageTone('Network error, try again')).toBe('error');
    expect(messageTone('Email verified.')).toBe('success');
  });
});
