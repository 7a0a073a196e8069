import { z } from 'zod';
import { ROLES } from '../roles';
import { emailSchema } from './common';
import { handleSchema, publicProfileChangeSchema, publicProfileSchema } from './profiles';

/**
 * NIST SP 800-63B: 8 to 128 characters, any characters. Characters are Unicode code points, so an
 * emoji counts once. Dictionary checks run on the server.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN} characters`;
const PASSWORD_TOO_LONG = `Password must be at most ${PASSWORD_MAX} characters`;
const codePoints = (value: string) => Array.from(value).length;
export const passwordSchema = z
  .string({ error: 'Password is required' })
  // A code point takes one or two UTF-16 units, so this refuses huge strings before counting.
  .max(PASSWORD_MAX * 2, { error: PASSWORD_TOO_LONG, abort: true })
  .refine((value) => codePoints(value) >= PASSWORD_MIN, { error: PASSWORD_TOO_SHORT, abort: true })
  .refine((value) => codePoints(value) <= PASSWORD_MAX, { error: PASSWORD_TOO_LONG });

export const nameSchema = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .max(80, 'Name must be at most 80 characters');

export const roleSchema = z.enum(ROLES);

export const userSchema = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  profilePic: z.string().nullable(),
  wantsToBeInstructor: z.boolean(),
  instructorApplication: z
    .object({ status: z.enum(['none', 'pending', 'approved', 'rejected']), requestDate: z.string().nullable() })
    .nullable(),
  emailVerified: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /** Issue 29: the public profile's handle and switches (always sent by the API; optional for older replies). */
  handle: z.string().nullable().optional(),
  publicProfile: publicProfileSchema.optional(),
});
export type User = z.infer<typeof userSchema>;

export const registerBodySchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** Read as a wish only: the server never grants a role a client asks for. */
  role: z.string().max(40).optional(),
  wantsToBeInstructor: z.boolean().optional(),
});
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX * 4),
  rememberMe: z.boolean().optional(),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const otpSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'The code is 6 digits');
export const verifyOtpBodySchema = z.object({ email: emailSchema, otp: otpSchema });
export type VerifyOtpBody = z.infer<typeof verifyOtpBodySchema>;

export const emailOnlyBodySchema = z.object({ email: emailSchema });
export const resetPasswordBodySchema = z.object({ password: passwordSchema });
export const changePasswordBodySchema = z.object({
  currentPassword: z
    .string()
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX * 4),
  newPassword: passwordSchema,
});
/** The profile form's name alone. */
export const updateNameBodySchema = z.object({ name: nameSchema });

/** Issue 29: the name, the public handle (null clears it) and the public profile's switches; only what is sent changes. */
export const updateProfileBodySchema = z
  .object({
    name: nameSchema.optional(),
    handle: handleSchema.nullable().optional(),
    publicProfile: publicProfileChangeSchema.optional(),
  })
  .refine((body) => body.name !== undefined || body.handle !== undefined || body.publicProfile !== undefined, {
    error: 'Name is required',
  });
export type UpdateProfileBody = z.output<typeof updateProfileBodySchema>;
export const deleteAccountBodySchema = z.object({
  password: z
    .string()
    .max(PASSWORD_MAX * 4)
    .optional(),
});
export const exchangeCodeBodySchema = z.object({ code: z.string().min(10).max(200) });

export const tokenParamsSchema = z.object({ token: z.string().min(10).max(200) });

export const authReplySchema = z.object({ success: z.literal(true), user: userSchema, token: z.string() });
export const meReplySchema = z.object({ success: z.literal(true), user: userSchema });
export const verifyOtpReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  instructorApplicationCreated: z.boolean(),
  user: userSchema,
  token: z.string(),
});
export const providersReplySchema = z.object({
  success: z.literal(true),
  providers: z.array(z.object({ id: z.enum(['oidc', 'github']), name: z.string() })),
});

/** Moved beside the other application contracts; kept here for existing imports. */
export { applicationStatusReplySchema } from './instructor-applications';
