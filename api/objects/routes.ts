// Image uploads: POST /api/objects/upload (admin) stores the image in the database; GET /objects/{id} serves it;
// DELETE /api/admin/objects/{id} (admin) removes it (retention).
// The type is decided by the file's bytes, never by its name or the browser's Content-Type.
import { randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { createRouter } from '../context.ts';
import { requireAdmin } from '../middleware/auth.ts';
import { HttpError } from '../middleware/errors.ts';
import { looksLikeSvg, sanitizeSvg } from '../lib/sanitize.ts';
import { UPLOAD_FAILED, UPLOAD_RULES, uploadFolders, type UploadFolder } from '../../contract/admin.ts';
import { deleteUploadedObject, findUploadedObject, insertUploadedObject } from '../../sql/queries/uploads.ts';
import { readMultipart } from './multipart.ts';

const SVG = 'image/svg+xml';

const LARGEST_LIMIT = Math.max(...Object.values(UPLOAD_RULES).map((r) => r.maxBytes));

const folderField = z.object({
  folder: z.enum(uploadFolders, { error: 'folder must be one of logos, icons, images' }),
});

/** The image's real type from its bytes: a raster type file-type recognises, or SVG (XML text with an <svg> root). */
async function sniffImageType(bytes: Buffer): Promise<string | undefined> {
  const detected = await fileTypeFromBuffer(bytes);
  if (detected?.mime === 'image/apng') return 'image/png'; // an animated PNG is a PNG
  if (detected && detected.mime !== 'application/xml') return detected.mime;
  return looksLikeSvg(bytes) ? SVG : undefined;
}

export function objectRoutes() {
  const router = createRouter();

  router.post('/api/objects/upload', requireAdmin, async (ctx) => {
    const { fields, files } = await readMultipart(ctx, {
      maxFileSize: LARGEST_LIMIT,
      tooLarge: (seen) => UPLOAD_RULES[seen.folder as UploadFolder]?.tooLarge ?? UPLOAD_RULES.images.tooLarge,
    });
    const { folder } = folderField.parse(fields);
    const rules = UPLOAD_RULES[folder];
    const file = files.file;
    if (!file) throw new HttpError(400, 'No file uploaded: send the image in the "file" field');
    if (file.bytes.length > rules.maxBytes) throw new HttpError(413, rules.tooLarge);

    const type = await sniffImageType(file.bytes);
    if (!type || !rules.types.includes(type)) throw new HttpError(415, rules.invalidType);
    let data = file.bytes;
    if (type === SVG) {
      const clean = await sanitizeSvg(file.bytes.toString('utf8'));
      if (!clean) throw new HttpError(422, UPLOAD_FAILED);
      data = Buffer.from(clean, 'utf8');
    }

    const id = randomUUID();
    await insertUploadedObject(ctx.sql, {
      id,
      folder,
      contentType: type,
      data,
      uploadedBy: ctx.state.user?.id ?? null,
    });
    ctx.status = 201;
    ctx.body = { uploadURL: `/objects/${id}` };
  });

  router.delete('/api/admin/objects/:id', requireAdmin, async (ctx) => {
    const id = z.uuid().safeParse(ctx.params.id);
    if (!id.success || !(await deleteUploadedObject(ctx.sql, id.data))) throw new HttpError(404, 'Object not found');
    ctx.body = { id: id.data, deleted: true };
  });

  router.get('/objects/:id', async (ctx) => {
    const id = z.uuid().safeParse(ctx.params.id);
    const object = id.success ? await findUploadedObject(ctx.sql, id.data) : undefined;
    if (!object) throw new HttpError(404, 'Not found');
    ctx.type = object.contentType;
    // An object never changes (a new upload gets a new id), so caches may keep it for a year.
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('X-Content-Type-Options', 'nosniff');
    // Opened directly, an SVG is a document: it may style itself but load and run nothing.
    if (object.contentType === SVG) ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    ctx.body = object.data;
  });

  return router;
}
