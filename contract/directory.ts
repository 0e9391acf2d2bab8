// The offline directory's answer (GET /api/directory).
import { z } from 'zod';

export const directorySchema = z.object({
  /** When the server built this answer (it is rebuilt after every write). */
  generatedAt: z.iso.datetime(),
  /**
   * The public answers the offline app keeps, under the GET path that gives it: exactly that path's JSON.
   * Search and the chains' provider lists are not among them: the app derives those from the saved lists.
   */
  responses: z.record(z.string().startsWith('/api/'), z.unknown()),
});
export type Directory = z.infer<typeof directorySchema>;
