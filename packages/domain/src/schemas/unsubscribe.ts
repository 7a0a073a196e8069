import { z } from 'zod';
import { NOTIFICATION_KINDS } from '../notifications';

// One-click unsubscribe from notification mail (issue 31, RFC 8058): the link in every notification and digest
// mail, and its List-Unsubscribe header, carry a signed token; no sign-in is needed.

/** What one link stops: one kind's mails, the daily or the weekly digest, or every notification mail. */
export const UNSUBSCRIBE_SCOPES = [...NOTIFICATION_KINDS, 'daily', 'weekly', 'all'] as const;
export type UnsubscribeScope = (typeof UNSUBSCRIBE_SCOPES)[number];

export const unsubscribeQuerySchema = z.object({
  /** Absent or malformed reads as a link that is not valid (a page that says so, not a bare error). */
  token: z.string().max(400, 'This unsubscribe link is not valid').optional(),
});
export type UnsubscribeQuery = z.infer<typeof unsubscribeQuerySchema>;

/** The reply to a one-click POST from a mail program (a browser's form is answered with a page). */
export const unsubscribeReplySchema = z.object({
  success: z.literal(true),
  scope: z.enum(UNSUBSCRIBE_SCOPES),
  /** "You will get no more mails about replies." */
  message: z.string(),
});
export type UnsubscribeReply = z.infer<typeof unsubscribeReplySchema>;
