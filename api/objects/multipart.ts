// Route-level multipart parsing (the app-wide body parser leaves multipart off): koa-body with formidable,
// one file kept in memory (no temp files to clean up), size capped while it streams in.
import { Writable } from 'node:stream';
import { koaBody } from 'koa-body';
import type { AppCtx } from '../context.ts';
import { HttpError } from '../middleware/errors.ts';

export type MultipartFile = { originalFilename: string | null; bytes: Buffer };
export type MultipartBody = { fields: Record<string, string>; files: Record<string, MultipartFile> };

type Options = {
  maxFileSize: number;
  /** The 413 message; gets the text fields that arrived before the file (e.g. the upload folder). */
  tooLarge: (fieldsSoFar: Record<string, string>) => string;
};

// formidable's error codes (formidable/src/FormidableError.js) that the client can act on.
const TOO_LARGE_CODES = new Set([1009, 1016]);
const CLIENT_MESSAGES: Record<number, string> = { 1010: 'The file is empty', 1015: 'Send one file at a time' };

export async function readMultipart(ctx: AppCtx, { maxFileSize, tooLarge }: Options): Promise<MultipartBody> {
  if (!ctx.is('multipart/form-data')) throw new HttpError(415, 'Expected a multipart/form-data request');
  const fieldsSoFar: Record<string, string> = {};
  const chunksOf = new WeakMap<object, Buffer[]>();

  const parse = koaBody({
    multipart: true,
    json: false,
    urlencoded: false,
    text: false,
    formidable: {
      maxFiles: 1,
      maxFileSize,
      maxFields: 10,
      maxFieldsSize: 64 * 1024,
      allowEmptyFiles: false,
      fileWriteStreamHandler: (file) => {
        const chunks: Buffer[] = [];
        chunksOf.set(file!, chunks);
        return new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
        });
      },
      // Watches text fields as they stream past, so a size error can name the folder's own limit.
      onPart: (part, handlePart) => {
        if (part.name && !part.originalFilename) {
          let value = '';
          part.on('data', (chunk: Buffer) => {
            if (value.length < 100) value += chunk.toString('utf8');
          });
          part.on('end', () => {
            fieldsSoFar[part.name!] = value;
          });
        }
        handlePart(part);
      },
    },
    onError: (err) => {
      const e = err as Error & { code?: number; httpCode?: number };
      if (e.code !== undefined && TOO_LARGE_CODES.has(e.code)) throw new HttpError(413, tooLarge(fieldsSoFar));
      throw new HttpError(
        400,
        (e.code !== undefined && CLIENT_MESSAGES[e.code]) || `Could not read the upload: ${e.message}`,
      );
    },
  });
  await parse(ctx, async () => {});

  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries((ctx.request.body ?? {}) as Record<string, string | string[]>)) {
    fields[name] = Array.isArray(value) ? value[0] : value;
  }
  const files: Record<string, MultipartFile> = {};
  for (const [name, value] of Object.entries(ctx.request.files ?? {})) {
    const file = Array.isArray(value) ? value[0] : value;
    files[name] = { originalFilename: file.originalFilename, bytes: Buffer.concat(chunksOf.get(file) ?? []) };
  }
  return { fields, files };
}
