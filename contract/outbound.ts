// Response shape of GET /api/admin/outbound-clicks.
import { z } from 'zod';

/** Every provider with its outbound clicks over the last 30 days (0 when none), most clicked first. */
export const outboundClicksSchema = z.array(
  z.object({
    providerId: z.number().int(),
    clicks30d: z.number().int().min(0),
  }),
);
export type OutboundClicks = z.infer<typeof outboundClicksSchema>;
