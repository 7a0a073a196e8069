import { z } from 'zod';

/** A badge the learner earned, as `GET /api/badges/mine` lists it (newest first). */
export const earnedBadgeSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** A lucide-react icon's name. */
  icon: z.string(),
  awardedAt: z.string(),
});
export type EarnedBadge = z.infer<typeof earnedBadgeSchema>;

export const myBadgesReplySchema = z.object({ success: z.literal(true), badges: z.array(earnedBadgeSchema) });
export type MyBadgesReply = z.infer<typeof myBadgesReplySchema>;

/** Badges an event just earned, carried by that event's reply so the page can say so. */
export const badgesAwardedSchema = z.array(z.object({ id: z.string(), name: z.string() }));
export type BadgesAwarded = z.infer<typeof badgesAwardedSchema>;
