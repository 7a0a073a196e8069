import { z } from 'zod';

export const APPLICATION_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;
export const applicationStatusSchema = z.enum(APPLICATION_STATUSES);
export type ApplicationStatus = z.infer<typeof applicationStatusSchema>;

/** A stored application is never 'none': that is the absence of one. */
export const DECIDABLE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const storedApplicationStatusSchema = z.enum(DECIDABLE_STATUSES, {
  error: 'Status must be pending, approved or rejected',
});
export type StoredApplicationStatus = z.infer<typeof storedApplicationStatusSchema>;

export const APPLICATION_BIO_MAX = 2000;
export const APPLICATION_EXPERTISE_MAX = 10;
export const APPLICATION_EXPERTISE_ITEM_MAX = 60;
export const APPLICATION_LINKS_MAX = 3;
export const APPLICATION_LINK_LENGTH_MAX = 500;
export const APPLICATION_YEARS_MAX = 60;

/** The reply to an application says how long a review takes (SPEC 7). */
export const APPLICATION_SUBMITTED_MESSAGE =
  'Your instructor application has been submitted. Review usually takes 24 to 48 hours.';
export const APPLICATION_RESUBMITTED_MESSAGE =
  'Your instructor application has been resubmitted. Review usually takes 24 to 48 hours.';

export function isHttpLink(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const applicationLinkSchema = z
  .string({ error: 'Links must be text' })
  .trim()
  .max(APPLICATION_LINK_LENGTH_MAX, `Links must be at most ${APPLICATION_LINK_LENGTH_MAX} characters`)
  .refine(isHttpLink, 'Links must start with http:// or https://');

/** Every field is optional: SPEC 7 sends no body at all, the form may send any of them. */
export const applyInstructorBodySchema = z
  .object({
    bio: z
      .string({ error: 'Bio must be text' })
      .trim()
      .max(APPLICATION_BIO_MAX, `Bio must be at most ${APPLICATION_BIO_MAX} characters`)
      .optional(),
    expertise: z
      .array(
        z
          .string({ error: 'Each area of expertise must be text' })
          .trim()
          .min(1, 'Areas of expertise cannot be empty')
          .max(
            APPLICATION_EXPERTISE_ITEM_MAX,
            `Each area must be at most ${APPLICATION_EXPERTISE_ITEM_MAX} characters`,
          ),
        { error: 'Expertise must be a list of areas' },
      )
      .max(APPLICATION_EXPERTISE_MAX, `List at most ${APPLICATION_EXPERTISE_MAX} areas of expertise`)
      .optional(),
    yearsOfExperience: z
      .number({ error: 'Years of experience must be a number' })
      .int('Years of experience must be a whole number')
      .min(0, 'Years of experience cannot be negative')
      .max(APPLICATION_YEARS_MAX, `Years of experience must be at most ${APPLICATION_YEARS_MAX}`)
      .optional(),
    links: z
      .array(applicationLinkSchema, { error: 'Links must be a list of addresses' })
      .max(APPLICATION_LINKS_MAX, `Add at most ${APPLICATION_LINKS_MAX} links`)
      .optional(),
  })
  // Fastify hands a request without a body over as null.
  .nullish()
  .transform((body) => body ?? {});
export type ApplyInstructorBody = z.input<typeof applyInstructorBodySchema>;
export type ApplyInstructorInput = z.output<typeof applyInstructorBodySchema>;

export const applyInstructorReplySchema = z.object({
  success: z.literal(true),
  message: z.string(),
  status: z.literal('pending'),
  applicationDate: z.string(),
});
export type ApplyInstructorReply = z.infer<typeof applyInstructorReplySchema>;

export const applicationStatusReplySchema = z.object({
  success: z.literal(true),
  applicationStatus: applicationStatusSchema,
  canApply: z.boolean(),
  wantsToBeInstructor: z.boolean(),
  resubmissionAllowed: z.boolean(),
  rejectionReason: z.string().nullable(),
});
export type ApplicationStatusReply = z.infer<typeof applicationStatusReplySchema>;
