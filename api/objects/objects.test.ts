// Uploads: accepted and refused by their bytes (never by name or declared type), per-folder size
// limits with their messages, SVG sanitising, and how /objects/{id} serves the result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn, type SignedIn } from '../test/sign-in.ts';
import { signInAdmin } from '../admin/test-support.ts';

let t: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  admin = await signInAdmin(t);
});
afterAll(async () => {
  await t.close();
});

const MB = 1024 * 1024;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(64),
  Buffer.from([0xff, 0xd9]),
]);
const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.from([0x0d, 0, 0, 0, 0x2f, 0, 0, 0, 0x10, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00]),
]);
/** A PNG padded to `size` bytes (the type is still read from its header). */
const pngOfSize = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length)]);

const LOGO_TYPE = 'Invalid file type - Please upload a JPG, PNG, GIF, SVG, or WebP image.';
const IMAGE_TYPE = 'Invalid file type - Please upload a JPG, PNG, GIF, or SVG image.';
const LOGO_SIZE = 'File too large - Please upload an image smaller than 5MB.';
const IMAGE_SIZE = 'File too large - Please upload an image smaller than 10MB.';

function upload(
  bytes: Buffer<ArrayBuffer> | string,
  filename: string,
  folder: string | undefined,
  as: SignedIn = admin,
  declaredType = 'application/octet-stream',
) {
  const form = new FormData();
  if (folder !== undefined) form.append('folder', folder); // sent first, as the PWA's uploader does
  form.append('file', new Blob([bytes], { type: declaredType }), filename);
  return as.fetch('/api/objects/upload', { method: 'POST', body: form });
}

async function uploaded(res: Response) {
  expect(res.status).toBe(201);
  const { uploadURL } = await res.json();
  expect(uploadURL).toMatch(/^\/objects\/[0-9a-f-]{36}$/);
  return t.request(uploadURL);
}

describe('POST /api/objects/upload', () => {
  it('accepts a PNG named .exe as a PNG and serves it with long caching and nosniff', async () => {
    const served = await uploaded(await upload(PNG, 'setup.exe', 'logos'));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it.each([
    ['JPEG', JPEG, 'image/jpeg', 'images'],
    ['GIF', GIF, 'image/gif', 'icons'],
    ['WebP', WEBP, 'image/webp', 'logos'],
  ])('accepts a %s by its bytes, whatever its name', async (_label, bytes, type, folder) => {
    const served = await uploaded(await upload(bytes, 'picture.txt', folder));
    expect(served.headers.get('content-type')).toBe(type);
  });

  it('refuses a text file named .png and declared image/png with 415', async () => {
    const res = await upload('just some text, not an image', 'logo.png', 'logos', admin, 'image/png');
    expect(res.status).toBe(415);
    expect((await res.json()).message).toBe(LOGO_TYPE);
  });

  it('refuses other real files (a PDF, an HTML page named .svg) with 415', async () => {
    expect((await upload('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'x.png', 'icons')).status).toBe(415);
    const html = await upload(
      '<!doctype html><html><body><svg></svg><script>alert(1)</script></body></html>',
      'x.svg',
      'images',
    );
    expect(html.status).toBe(415);
    expect((await html.json()).message).toBe(IMAGE_TYPE);
  });

  it('refuses WebP for general images (logos and icons only)', async () => {
    const res = await upload(WEBP, 'photo.webp', 'images');
    expect(res.status).toBe(415);
    expect((await res.json()).message).toBe(IMAGE_TYPE);
  });

  it('enforces 5 MB for logos and icons and 10 MB for images, with their messages', async () => {
    const overFive = pngOfSize(5 * MB + 1);
    const logo = await upload(overFive, 'big.png', 'logos');
    expect(logo.status).toBe(413);
    expect((await logo.json()).message).toBe(LOGO_SIZE);
    expect((await upload(overFive, 'big.png', 'images')).status).toBe(201);
    expect((await upload(pngOfSize(5 * MB), 'edge.png', 'icons')).status).toBe(201);

    const overTen = pngOfSize(10 * MB + 1);
    const image = await upload(overTen, 'huge.png', 'images');
    expect(image.status).toBe(413);
    expect((await image.json()).message).toBe(IMAGE_SIZE);
    const hugeLogo = await upload(overTen, 'huge.png', 'logos');
    expect(hugeLogo.status).toBe(413);
    expect((await hugeLogo.json()).message).toBe(LOGO_SIZE); // the folder's own limit, even past the parser's cap
  });

  it('neutralises an SVG: scripts, handlers, foreignObject and external references go; the drawing stays', async () => {
    const svg = `<?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24" onload="alert(1)">
        <script>alert(2)</script>
        <defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs>
        <foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><iframe src="javascript:alert(3)"></iframe></body></foreignObject>
        <use xlink:href="https://evil.example/sprite.svg#icon"/><use href="#g"/>
        <a href="javascript:alert(4)"><circle cx="12" cy="12" r="10" fill="url(#g)" onclick="alert(5)"/></a>
        <set attributeName="href" to="javascript:alert(6)"/>
        <image href="https://evil.example/track.png"/>
      </svg>`;
    const served = await uploaded(await upload(svg, 'logo.png', 'logos'));
    expect(served.headers.get('content-type')).toBe('image/svg+xml');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const body = await served.text();
    expect(body).toMatch(/^<svg /);
    expect(body).toContain('<circle cx="12" cy="12" r="10" fill="url(#g)"/>');
    expect(body).toContain('<linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient>');
    for (const banned of [
      'script',
      'alert',
      'onload',
      'onclick',
      'foreignObject',
      'iframe',
      'evil.example',
      '<set',
      'DOCTYPE',
    ]) {
      expect(body).not.toContain(banned);
    }
  });

  it('stores the cleaned SVG, and refuses one that is no longer an SVG document once cleaned', async () => {
    const issue =
      '<svg xmlns="http://www.w3.org/2000/svg"><style>&lt;/style&gt;&lt;script&gt;document.title="XSS"&lt;/script&gt;&lt;style&gt;</style></svg>';
    const res = await upload(issue, 'style.svg', 'images');
    const { uploadURL } = await res.json();
    const [row] = await t.sql<
      { data: Buffer }[]
    >`SELECT data FROM uploaded_objects WHERE id = ${uploadURL.split('/')[2]}`;
    expect(row.data.toString('utf8')).not.toMatch(/<script/i);
    expect(row.data.toString('utf8')).toContain('<style>&lt;/style&gt;&lt;script&gt;');

    const [{ n: before }] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM uploaded_objects`;
    const twoRoots = await upload('<svg><rect/></svg><svg><script>alert(1)</script></svg>', 'two.svg', 'logos');
    expect(twoRoots.status).toBe(422);
    expect((await twoRoots.json()).message).toBe('Upload failed');
    const [{ n: after }] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM uploaded_objects`;
    expect(after).toBe(before);
  });

  it('refuses a missing or unknown folder and a missing file with 400', async () => {
    const noFolder = await upload(PNG, 'a.png', undefined);
    expect(noFolder.status).toBe(400);
    expect((await noFolder.json()).message).toBe('folder: folder must be one of logos, icons, images');
    expect((await upload(PNG, 'a.png', 'avatars')).status).toBe(400);
    const form = new FormData();
    form.append('folder', 'logos');
    const noFile = await admin.fetch('/api/objects/upload', { method: 'POST', body: form });
    expect(noFile.status).toBe(400);
    expect((await noFile.json()).message).toBe('No file uploaded: send the image in the "file" field');
  });

  it('is for admins only (401 signed out, 403 non-admin) and stores nothing for them', async () => {
    const [{ n: before }] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM uploaded_objects`;
    const form = new FormData();
    form.append('folder', 'logos');
    form.append('file', new Blob([PNG]), 'a.png');
    expect(
      (await t.request('/api/objects/upload', { method: 'POST', body: form, headers: { Origin: t.url } })).status,
    ).toBe(401);
    const user = await signIn(t, 'visitor@example.com');
    expect((await upload(PNG, 'a.png', 'logos', user)).status).toBe(403);
    const [{ n: after }] = await t.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM uploaded_objects`;
    expect(after).toBe(before);
  });
});

describe('GET /objects/{id}', () => {
  it('answers 404 for an unknown or malformed id', async () => {
    expect((await t.request('/objects/6f1c2a7e-9a43-4b8e-bb0e-2b1f6f0e8c11')).status).toBe(404);
    expect((await t.request('/objects/not-a-uuid')).status).toBe(404);
  });
});

describe('DELETE /api/admin/objects/{id}', () => {
  it('removes an uploaded object (retention): no longer served; an unknown or malformed id is 404', async () => {
    const res = await upload(PNG, 'old-logo.png', 'logos');
    const { uploadURL } = (await res.json()) as { uploadURL: string };
    const id = uploadURL.slice('/objects/'.length);
    expect((await t.request(uploadURL)).status).toBe(200);
    expect(await admin.json('DELETE', `/api/admin/objects/${id}`)).toEqual({
      status: 200,
      body: { id, deleted: true },
    });
    expect((await t.request(uploadURL)).status).toBe(404);
    expect(await t.sql`SELECT 1 FROM uploaded_objects WHERE id = ${id}`).toHaveLength(0);
    expect(await admin.json('DELETE', `/api/admin/objects/${id}`)).toEqual({
      status: 404,
      body: { message: 'Object not found' },
    });
    expect((await admin.json('DELETE', '/api/admin/objects/not-a-uuid')).status).toBe(404);
  });

  it('is for admins only, and keeps the object for them', async () => {
    const { uploadURL } = (await (await upload(PNG, 'kept.png', 'logos')).json()) as { uploadURL: string };
    const user = await signIn(t, 'visitor-delete@example.com');
    expect((await user.json('DELETE', `/api/admin/${uploadURL.slice(1)}`)).status).toBe(403);
    expect(
      (await t.request(`/api/admin/${uploadURL.slice(1)}`, { method: 'DELETE', headers: { Origin: t.url } })).status,
    ).toBe(401);
    expect((await t.request(uploadURL)).status).toBe(200);
  });
});
