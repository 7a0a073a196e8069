import { z } from 'zod';

/**
 * Issue 29: the public profile at /u/{handle}. A handle is trimmed and lower-cased before it is checked and
 * kept, so `Ada_L` is stored and shown as `ada_l`, and /u/Ada_L finds it: one spelling per learner, and the
 * database's unique index on lower(handle) never meets two spellings of one name.
 */
export const HANDLE_MIN = 3;
export const HANDLE_MAX = 30;
export const HANDLE_PATTERN = /^[a-z0-9_-]+$/;

/** Addresses and words a handle may not take: the site's own paths, and names that would mislead. */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  'about',
  'admin',
  'administrator',
  'api',
  'auth',
  'blog',
  'careers',
  'certificates',
  'code-editor',
  'community',
  'contact',
  'core-subjects',
  'courses',
  'dashboard',
  'dsa',
  'dsa-bookmarks',
  'dsa-management',
  'dsa-sheet',
  'help',
  'home',
  'instructor',
  'instructor-panel',
  'learnbuild',
  'login',
  'logout',
  'me',
  'moderator',
  'new',
  'null',
  'privacy',
  'problems',
  'profile',
  'register',
  'root',
  'settings',
  'signup',
  'staff',
  'support',
  'system',
  'terms',
  'u',
  'undefined',
  'user',
  'users',
]);

export const HANDLE_MESSAGES = {
  required: 'Handle is required',
  tooShort: `Handle must be at least ${HANDLE_MIN} characters`,
  tooLong: `Handle must be at most ${HANDLE_MAX} characters`,
  characters: 'Handle may only use letters a-z, digits, - and _',
  reserved: 'That handle is reserved',
  taken: 'That handle is taken',
} as const;

/** The handle as it is kept: trimmed and lower-case. */
export function normalizeHandle(value: string): string {
  return value.trim().toLowerCase();
}

/** Why `value` (as typed) is not a handle, or null when it is one. The form and the API give the same reason. */
export function handleProblem(value: string): string | null {
  const handle = normalizeHandle(value);
  if (handle.length === 0) return HANDLE_MESSAGES.required;
  if (handle.length < HANDLE_MIN) return HANDLE_MESSAGES.tooShort;
  if (handle.length > HANDLE_MAX) return HANDLE_MESSAGES.tooLong;
  if (!HANDLE_PATTERN.test(handle)) return HANDLE_MESSAGES.characters;
  if (RESERVED_HANDLES.has(handle)) return HANDLE_MESSAGES.reserved;
  return null;
}

export const handleSchema = z
  .string({ error: HANDLE_MESSAGES.required })
  // Refuses a huge string before anything else looks at it.
  .max(HANDLE_MAX * 4, { error: HANDLE_MESSAGES.tooLong, abort: true })
  .transform(normalizeHandle)
  .superRefine((handle, ctx) => {
    const problem = handleProblem(handle);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** The parts of the public profile, each with its own switch. */
export const PROFILE_PARTS = ['activity', 'solved', 'courses', 'certificates', 'posts'] as const;
export type ProfilePart = (typeof PROFILE_PARTS)[number];

/**
 * The switches. Off by default: nothing is public until `enabled`. Each part defaults to on, so turning the
 * profile on shows the whole record, and the learner hides what they choose; a part's switch only matters
 * while the profile is on.
 */
export const publicProfileSchema = z.object({
  enabled: z.boolean().default(false),
  activity: z.boolean().default(true),
  solved: z.boolean().default(true),
  courses: z.boolean().default(true),
  certificates: z.boolean().default(true),
  posts: z.boolean().default(true),
});
export type PublicProfileSettings = z.infer<typeof publicProfileSchema>;

/** The switches as kept (jsonb, possibly `{}` or a partial object from an older write), with defaults filled. */
export function publicProfileSettings(stored: unknown): PublicProfileSettings {
  const parsed = publicProfileSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : publicProfileSchema.parse({});
}

/** A change of the switches: only the keys sent change. */
export const publicProfileChangeSchema = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    activity: z.boolean({ error: 'activity must be true or false' }),
    solved: z.boolean({ error: 'solved must be true or false' }),
    courses: z.boolean({ error: 'courses must be true or false' }),
    certificates: z.boolean({ error: 'certificates must be true or false' }),
    posts: z.boolean({ error: 'posts must be true or false' }),
  })
  .partial()
  .strict();

export const profileHandleParamsSchema = z.object({ handle: z.string().min(1).max(200) });

/** Days of the profile's activity heatmap: a year, today included. */
export const PROFILE_ACTIVITY_DAYS = 365;
/** How many recent community answers the profile lists. */
export const PROFILE_RECENT_POSTS = 5;

export const PROFILE_NOT_FOUND = 'Profile not found';

export const publicProfileReplySchema = z.object({
  success: z.literal(true),
  profile: z.object({
    handle: z.string(),
    name: z.string(),
    profilePic: z.string().nullable(),
    memberSince: z.string(),
    /** Only in the owner's own view of a profile that is off (or a part they hide): what others would not see. */
    preview: z.boolean().optional(),
    /** The switches, in the owner's view only. */
    settings: publicProfileSchema.optional(),
    streak: z.object({ current: z.number().int(), longest: z.number().int() }),
    /** The badges earned (packages/domain/src/badges.ts names them), newest first. */
    badges: z.array(z.object({ id: z.string(), name: z.string(), description: z.string(), awardedAt: z.string() })),
    activity: z.array(z.object({ date: z.string(), count: z.number().int() })).optional(),
    solved: z
      .object({
        Easy: z.number().int(),
        Medium: z.number().int(),
        Hard: z.number().int(),
        verified: z.number().int(),
      })
      .optional(),
    /** With the solved part: the languages of the learner's accepted submissions, by problems solved in each. */
    languages: z.array(z.object({ language: z.string(), solved: z.number().int() })).optional(),
    courses: z
      .array(z.object({ id: z.string(), slug: z.string(), title: z.string(), completedAt: z.string() }))
      .optional(),
    certificates: z
      .array(z.object({ id: z.string(), courseId: z.string(), courseTitle: z.string(), issuedAt: z.string() }))
      .optional(),
    posts: z
      .array(
        z.object({
          id: z.string(),
          threadId: z.string(),
          threadTitle: z.string(),
          excerpt: z.string(),
          accepted: z.boolean(),
          votes: z.number().int(),
          createdAt: z.string(),
        }),
      )
      .optional(),
  }),
});
export type PublicProfileReply = z.infer<typeof publicProfileReplySchema>;
export type PublicProfile = PublicProfileReply['profile'];
