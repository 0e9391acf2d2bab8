// Contact form contract.
import { z } from 'zod';

/** POST /api/contact body. The subject is optional (seed 001); the others are required. */
export const contactMessageSchema = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(200, 'Name must be 200 characters or less'),
  email: z
    .string({ error: 'Email is required' })
    .trim()
    .pipe(z.email('Enter a valid e-mail address').max(320, 'Email must be 320 characters or less')),
  subject: z
    .string()
    .trim()
    .max(300, 'Subject must be 300 characters or less')
    .nullish()
    .transform((s) => s || null),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(10000, 'Message must be 10000 characters or less'),
});
export type ContactMessage = z.input<typeof contactMessageSchema>;

/** 201 answer: stored as an unread submission for the admin's Contact tab. */
export const contactSentSchema = z.object({ success: z.literal(true), id: z.number().int() });
export type ContactSent = z.infer<typeof contactSentSchema>;
