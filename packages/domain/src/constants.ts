/** Business constants of SPEC.md section 9, each written once. */
export const REQUEST_TIMEOUT_MS = 30_000;
export const DASHBOARD_REFRESH_MS = 30_000;
export const POPUP_DELAY_MS = 1_000;
export const POPUP_FADE_MS = 400;
export const ACHIEVEMENTS_DELAY_MS = 100;
export const TOPICS_PER_SERVER_SUBJECT = 10;
export const ACTIVITY_DAYS = 49;
export const RECENT_USERS_COUNT = 5;
export const MAX_SKILL_HINTS = 4;
/** SPEC 4: after an application is sent, the modal tells the dashboard and closes 2 s later. */
export const APPLICATION_CLOSE_DELAY_MS = 2_000;

export const SPLASH_TEXT = 'Initializing your learning experience...';

/** Local storage keys (SPEC 9 leaves the names to us). */
export const STORAGE_KEYS = {
  authToken: 'learnbuild.authToken',
  firstVisitDone: 'learnbuild.subscribePopupDone',
  subjectProgress: 'learnbuild.subjectProgress',
  theme: 'learnbuild.theme',
} as const;

/**
 * A cookie saying only "this browser holds a session token" (the token itself stays in local storage): the
 * server draws a public page's signed-in navbar for it. Never read for authorisation; the web app sets and
 * clears it with the token.
 */
export const SIGNED_IN_HINT_COOKIE = 'lb_signed_in';

export const APP_NAME = 'LearnBuild';
export const TAGLINE = 'learn, build, earn';

/** The activity call answers up to a year of days (the profile's yearly grid). */
export const DSA_MAX_ACTIVITY_DAYS = 366;
/** Company tags on a DSA problem (issue 28): at most this many, each this long, curated by the platform's staff. */
export const DSA_MAX_COMPANIES = 10;
export const DSA_COMPANY_MIN_LENGTH = 2;
export const DSA_COMPANY_MAX_LENGTH = 40;
/** Shown beside the sheet's company filter: no tag is copied from a paid list. */
export const DSA_COMPANY_TAGS_NOTE = "Company tags are curated by LearnBuild's staff.";
/** Remembers the DSA sheet's interview mode (difficulty and topic names hidden). */
export const DSA_INTERVIEW_MODE_KEY = 'learnbuild.dsaInterviewMode';
