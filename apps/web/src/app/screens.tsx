import type { ScreenId } from '@learnbuild/domain/routes';
import { type ComponentType, lazy } from 'react';

type Loaded = { default: ComponentType };

/** A lazy screen that can be loaded ahead: once `preload` has settled, rendering it never suspends. */
export type Screen = ComponentType & { preload: () => Promise<void> };

const page = <T,>(load: () => Promise<T>, name: keyof T): Screen => {
  let loaded: Loaded | undefined;
  const importScreen = async () => {
    loaded = { default: (await load())[name] as unknown as ComponentType };
    return loaded;
  };
  // A module already loaded is handed over at once (a thenable that settles synchronously), so a page
  // rendered on the server, or hydrated in the browser, shows the screen and never its fallback.
  const settled = (value: Loaded) =>
    // biome-ignore lint/suspicious/noThenProperty: React.lazy settles a thenable that resolves at once synchronously
    ({ then: (resolve: (value: Loaded) => void) => resolve(value) }) as Promise<Loaded>;
  const component = lazy(() => (loaded ? settled(loaded) : importScreen()));
  return Object.assign(component, {
    preload: async () => {
      if (!loaded) await importScreen();
    },
  }) as unknown as Screen;
};

/** Each screen of the route table; screens owned by later work show a styled not-built state. */
export const SCREENS: Record<ScreenId, Screen> = {
  home: page(() => import('@/features/pages/routes/home'), 'HomePage'),
  login: page(() => import('@/features/auth/routes/login'), 'LoginPage'),
  register: page(() => import('@/features/auth/routes/register'), 'RegisterPage'),
  authSuccess: page(() => import('@/features/auth/routes/auth-success'), 'AuthSuccessPage'),
  verifyEmail: page(() => import('@/features/auth/routes/verify-email'), 'VerifyEmailPage'),
  forgotPassword: page(() => import('@/features/auth/routes/forgot-password'), 'ForgotPasswordPage'),
  resetPassword: page(() => import('@/features/auth/routes/reset-password'), 'ResetPasswordPage'),
  roleUpdate: page(() => import('@/features/auth/routes/role-update'), 'RoleUpdatePage'),
  verifyOtp: page(() => import('@/features/auth/routes/verify-otp'), 'VerifyOtpPage'),
  profile: page(() => import('@/features/auth/routes/profile'), 'ProfilePage'),
  about: page(() => import('@/features/pages/routes/about'), 'AboutPage'),
  careers: page(() => import('@/features/pages/routes/careers'), 'CareersPage'),
  privacy: page(() => import('@/features/pages/routes/privacy'), 'PrivacyPage'),
  terms: page(() => import('@/features/pages/routes/terms'), 'TermsPage'),
  help: page(() => import('@/features/pages/routes/help'), 'HelpPage'),
  contact: page(() => import('@/features/pages/routes/contact'), 'ContactPage'),
  blog: page(() => import('@/features/blog/routes/blog'), 'BlogPage'),
  blogPost: page(() => import('@/features/blog/routes/blog-post'), 'BlogPostPage'),
  blogCreate: page(() => import('@/features/blog/routes/blog-editor'), 'BlogCreatePage'),
  blogEdit: page(() => import('@/features/blog/routes/blog-editor'), 'BlogEditPage'),
  community: page(() => import('@/features/community/routes/community'), 'CommunityPage'),
  communityThread: page(() => import('@/features/community/routes/community-thread'), 'CommunityThreadPage'),
  codeEditor: page(() => import('@/features/code-editor/routes/code-editor'), 'CodeEditorPage'),
  courseView: page(() => import('./course-screen'), 'CourseScreen'),
  courses: page(() => import('@/features/courses/routes/courses'), 'CoursesPage'),
  certificate: page(() => import('@/features/courses/routes/certificate'), 'CertificatePage'),
  certificateVerify: page(() => import('@/features/courses/routes/certificate-verify'), 'CertificateVerifyPage'),
  courseCreate: page(() => import('@/features/course-editor/routes/course-create'), 'CourseCreatePage'),
  courseEdit: page(() => import('@/features/course-editor/routes/course-edit'), 'CourseEditPage'),
  instructorPanel: page(() => import('@/features/instructor-panel/routes/instructor-panel'), 'InstructorPanelPage'),
  courseInsight: page(() => import('@/features/instructor-panel/routes/course-insight'), 'CourseInsightPage'),
  dashboard: page(() => import('./dashboard-screen'), 'DashboardScreen'),
  admin: page(() => import('@/features/admin/routes/admin-panel'), 'AdminPanelPage'),
  adminSubjects: page(() => import('@/features/admin-subjects/routes/admin-subjects'), 'AdminSubjectsPage'),
  coreSubjects: page(() => import('@/features/subjects/routes/core-subjects'), 'CoreSubjectsPage'),
  subject: page(() => import('@/features/subjects/routes/subject'), 'SubjectPage'),
  subjectTopic: page(() => import('./subject-lesson-screen'), 'SubjectLessonScreen'),
  dsaSheet: page(() => import('@/features/dsa/routes/dsa-sheet'), 'DsaSheetPage'),
  dsaBookmarks: page(() => import('@/features/dsa/routes/dsa-bookmarks'), 'DsaBookmarksPage'),
  dsaRoadmap: page(() => import('@/features/dsa/routes/dsa-roadmap'), 'DsaRoadmapPage'),
  dsaManagement: page(() => import('@/features/dsa/routes/dsa-management'), 'DsaManagementPage'),
  problem: page(() => import('./problem-screen'), 'ProblemScreen'),
  publicProfile: page(() => import('@/features/profiles/routes/public-profile'), 'PublicProfilePage'),
  notifications: page(() => import('@/features/notifications/routes/notifications'), 'NotificationsPage'),
  notificationSettings: page(
    () => import('@/features/notifications/routes/notification-settings'),
    'NotificationSettingsPage',
  ),
};
