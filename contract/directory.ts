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

/**
 * GET /api/directory?part=N: the same answers in `parts` parts of about DIRECTORY_PART_BYTES of JSON each, the lists
 * and content first. The offline app stores each part as it arrives, so a copy cut short resumes at the next part.
 */
export const directoryPartSchema = directorySchema.extend({
  part: z.number().int().min(0),
  parts: z.number().int().min(1),
});
export type DirectoryPart = z.infer<typeof directoryPartSchema>;

export const directoryPartQuerySchema = z.object({
  part: z.coerce.number({ error: 'part must be a number' }).int().min(0).max(100_000).optional(),
});

/** About this much JSON per part: each stored in one short task on a phone, small enough that a cut loses little. */
export const DIRECTORY_PART_BYTES = 256 * 1024;

/**
 * The answers split into parts in their order, each part closed once it holds DIRECTORY_PART_BYTES of JSON (a
 * larger answer makes a part of its own).
 */
export function directoryParts(responses: Record<string, unknown>): Record<string, unknown>[] {
  const parts: Record<string, unknown>[] = [];
  let current: Record<string, unknown> = {};
  let bytes = 0;
  for (const [path, value] of Object.entries(responses)) {
    current[path] = value;
    bytes += JSON.stringify(value).length;
    if (bytes >= DIRECTORY_PART_BYTES) {
      parts.push(current);
      current = {};
      bytes = 0;
    }
  }
  if (Object.keys(current).length || !parts.length) parts.push(current);
  return parts;
}
