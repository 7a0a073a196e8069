import { z } from 'zod';

export const errorReplySchema = z.object({
  success: z.literal(false),
  error: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

export const messageReplySchema = z.object({ success: z.literal(true), message: z.string() });
export type MessageReply = z.infer<typeof messageReplySchema>;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email({ error: 'Enter a valid email address' }));

export const uuidSchema = z.uuid({ error: 'Must be a valid id' });

/** `?page=` of a paged list: a whole number from 1, 1 when missing. */
export const pageSchema = z.coerce
  .number({ error: 'Page must be a number' })
  .int('Page must be a whole number')
  .min(1, 'Page must be 1 or more')
  .max(100_000, 'Page is too large')
  .default(1);

/** Text trimmed at both ends, at most `max` characters; `label` names it in the messages. */
export const trimmedText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`);

/**
 * A slug from a title: accents dropped, lowercase letters, digits and single dashes, at most `max`
 * characters; '' when the title has none of those.
 */
export function titleSlug(title: string, max = 80): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
}
