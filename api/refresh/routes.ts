// The admin panel's refresh from upstream: POST /api/admin/refresh/preview (a snapshot file, multipart field
// `file`, or JSON {url}) answers the diff and keeps the snapshot; POST /api/admin/refresh/apply {sha256, accept}
// applies the accepted items of that very snapshot in one transaction.
import { z } from 'zod';
import { createRouter } from '../context.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { HttpError } from '../middleware/errors.ts';
import { validate } from '../middleware/validate.ts';
import { readMultipart } from '../objects/multipart.ts';
import { findRefreshSnapshot, readDirectoryForRefresh, saveRefreshSnapshot } from '../../sql/queries/refresh.ts';
import {
  REFRESH_MAX_MB,
  refreshApplySchema,
  type RefreshApplyResult,
  type RefreshDiff,
  type RefreshSource,
} from '../../contract/refresh.ts';
import { applyRefresh } from './apply.ts';
import { computeDiff, parseSnapshot, SnapshotError } from './diff.ts';
import { datasetHosts, readSnapshotUrl, snapshotFromBytes, type ReadSnapshot } from './source.ts';

const urlBody = z.object({
  url: z
    .string()
    .trim()
    .regex(/^https?:\/\/\S+$/i, 'url: an http(s) URL'),
});

const asClientError = async <T>(work: () => Promise<T> | T): Promise<T> => {
  try {
    return await work();
  } catch (err) {
    if (err instanceof SnapshotError) throw new HttpError(400, err.message);
    throw err;
  }
};

export function adminRefreshRoutes() {
  const router = createRouter('/api/admin/refresh');
  const hosts = datasetHosts();

  router.post('/preview', requireAdmin, async (ctx) => {
    let read: ReadSnapshot;
    if (ctx.is('multipart/form-data')) {
      const { files, fields } = await readMultipart(ctx, {
        maxFileSize: REFRESH_MAX_MB * 1024 * 1024,
        tooLarge: () => `The snapshot is larger than ${REFRESH_MAX_MB} MB`,
      });
      const upload = files.file;
      if (!upload)
        throw new HttpError(400, 'file: choose a snapshot file (chainlist rpcs.json or ethereum-lists chains.json)');
      const modified = Number(fields.lastModified);
      read = await asClientError(() =>
        snapshotFromBytes(upload.bytes, upload.originalFilename ?? 'upload', modified ? new Date(modified) : null),
      );
    } else {
      const { url } = urlBody.parse(ctx.request.body ?? {});
      read = await asClientError(() => readSnapshotUrl(url, ctx.config.probes.allowPrivate));
    }
    await saveRefreshSnapshot(ctx.sql, read.source.sha256, read.source, read.bytes);
    const diff: RefreshDiff = computeDiff(read.snapshot, read.source, await readDirectoryForRefresh(ctx.sql), hosts);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = diff;
  });

  router.post('/apply', requireAdmin, validate({ body: refreshApplySchema }), async (ctx) => {
    const { sha256, accept } = ctx.valid.body;
    const kept = await findRefreshSnapshot(ctx.sql, sha256);
    if (!kept) throw new HttpError(404, 'That snapshot is no longer kept: preview it again');
    const source = kept.source as RefreshSource;
    const snapshot = await asClientError(() => parseSnapshot(kept.bytes.toString('utf8')));
    const user = ctx.state.user!;
    const result = await applyRefresh(
      ctx.sql,
      snapshot,
      source,
      hosts,
      { keys: new Set(accept) },
      {
        id: user.id,
        name: user.email ?? user.displayName ?? `user ${user.id}`,
      },
    );
    const answer: RefreshApplyResult = {
      runId: result.runId,
      applied: result.applied.length,
      summary: result.appliedSummary,
    };
    ctx.body = answer;
  });

  return router;
}
