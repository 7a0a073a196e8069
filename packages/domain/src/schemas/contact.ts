import { z } from 'zod';
import { emailSchema } from './common';

export const contactBodySchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(80, 'Name must be at most 80 characters'),
  email: emailSchema,
  subject: z
    .string()
    .trim()
    .min(3, 'Subject must be at least 3 characters')
    .max(120, 'Subject must be at most 120 characters'),
  message: z
    .string()
    .trim()
    .min(10, 'Message must be at least 10 characters')
    .max(5000, 'Message must be at most 5000 characters'),
});
export type ContactBody = z.infer<typeof contactBodySchema>;

export const contactMessageSchema = contactBodySchema.extend({ id: z.string(), createdAt: z.string() });
export const contactListReplySchema = z.object({ success: z.literal(true), messages: z.array(contactMessageSchema) });
