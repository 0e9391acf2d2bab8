// Every URL field an admin can write accepts only http(s) URLs (image fields also this site's own upload
// paths, endpoint URLs also ws(s)): script, data and other schemes, scheme tricks and protocol-relative
// URLs are refused with a 400 naming the field, through JSON and through the CSV import, and nothing changes.
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '../../contract/admin.ts';
import { databaseState, signInAdmin } from '../admin/test-support.ts';
import { startTestServer, type TestServer } from '../test/harness.ts';
import type { SignedIn } from '../test/sign-in.ts';

let t: TestServer;
let admin: SignedIn;
let chainId: number;
let providerId: number;
let partnerId: number;

beforeAll(async () => {
  t = await startTestServer();
  admin = await signInAdmin(t);
  chainId = (await admin.json('POST', '/api/admin/chains', { name: 'URL chain', slug: 'url-chain' })).body.id;
  providerId = (await admin.json('POST', '/api/admin/providers', { name: 'URL provider', slug: 'url-provider' })).body
    .id;
  partnerId = (
    await admin.json('POST', '/api/admin/partner-links', {
      name: 'URL partner',
      url: 'https://partner.example',
      order: 1,
    })
  ).body.id;
});
afterAll(async () => {
  await t.close();
});

/** Refused in every URL field. */
const HOSTILE = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\tjavascript:alert(1)',
  'java\nscript:alert(1)',
  '\u0000javascript:alert(1)',
  'javascript://example.com/%0Aalert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'file:///etc/passwd',
  'ftp://files.example/x',
  'blob:https://atlas.example/0d4c',
  'https://',
  'not a url',
];
/** Refused in link fields, which must be absolute; image fields accept only "/objects/{uuid}" of this site. */
const RELATIVE = ['//evil.example/x', '/\\evil.example/x', 'evil.example/x', '/objects/123'];
const UPLOADED = '/objects/00000000-0000-4000-8000-000000000000';
/**
 * Refused in image fields only: a path of this site that is not an uploaded object (loading it as an image
 * would make every visitor's browser request it, e.g. sign out), and http: images.
 */
const NOT_AN_IMAGE = [
  '/api/logout',
  '/API/logout',
  '/objects/../api/logout',
  `${UPLOADED}/../../api/logout`,
  '/objects/123',
  `/api/logout?${UPLOADED}`,
  'http://ok.example/i.png',
  '/chain-icons/../api/logout',
  '/chain-icons/base.svg/../../api/logout',
];

type Field = {
  label: string;
  send: (value: string) => Promise<{ status: number; body: any }>;
  image?: boolean;
  endpoint?: boolean;
};

// Paths are functions: the ids exist only once beforeAll has run.
const put = (path: () => string, key: string) => (value: string) => admin.json('PUT', path(), { [key]: value });
const chainField = (key: string, label: string, image = false): Field => ({
  label,
  image,
  send: put(() => `/api/admin/chains/${chainId}`, key),
});
const providerField = (key: string, label: string, image = false): Field => ({
  label,
  image,
  send: put(() => `/api/admin/providers/${providerId}`, key),
});

const FIELDS: Field[] = [
  chainField('websiteUrl', 'Website URL'),
  chainField('twitterUrl', 'Twitter URL'),
  chainField('discordUrl', 'Discord URL'),
  chainField('telegramUrl', 'Telegram URL'),
  chainField('githubUrl', 'GitHub URL'),
  chainField('linkedinUrl', 'LinkedIn URL'),
  chainField('iconUrl', 'Icon URL', true),
  chainField('ogImage', 'Open Graph image', true),
  {
    label: 'Explorer URL',
    send: (url) => admin.json('PUT', `/api/admin/chains/${chainId}`, { explorers: [{ name: 'Scan', url }] }),
  },
  {
    label: 'Endpoint URL',
    endpoint: true,
    send: (url) => admin.json('PUT', `/api/admin/chains/${chainId}`, { rpcEndpoints: [{ url }] }),
  },
  providerField('website', 'Website'),
  providerField('affiliateUrl', 'Affiliate URL'),
  providerField('twitterUrl', 'Twitter URL'),
  providerField('discordUrl', 'Discord URL'),
  providerField('telegramUrl', 'Telegram URL'),
  providerField('githubUrl', 'GitHub URL'),
  providerField('linkedinUrl', 'LinkedIn URL'),
  providerField('privacyPolicyUrl', 'Privacy policy URL'),
  providerField('logoUrl', 'Logo URL', true),
  providerField('iconUrl', 'Icon URL', true),
  providerField('ogImage', 'Open Graph image', true),
  { label: 'Open Graph image', image: true, send: put(() => '/api/admin/about', 'ogImage') },
  { label: 'Open Graph image', image: true, send: put(() => '/api/admin/homepage', 'ogImage') },
  { label: 'Open Graph image', image: true, send: put(() => '/api/admin/category/chains', 'ogImage') },
  { label: 'Open Graph image', image: true, send: put(() => '/api/admin/category/providers', 'ogImage') },
  { label: 'URL', send: (url) => admin.json('POST', '/api/admin/partner-links', { name: 'Evil', url, order: 2 }) },
  {
    label: 'URL',
    send: (url) => admin.json('PUT', `/api/admin/partner-links/${partnerId}`, { name: 'URL partner', url, order: 1 }),
  },
];

describe('URL fields refuse anything but http(s)', () => {
  it(`${FIELDS.length} fields × ${HOSTILE.length + RELATIVE.length} values: 400 naming the field, nothing stored`, async () => {
    const before = await databaseState(t);
    let refused = 0;
    for (const field of FIELDS) {
      const values = [...HOSTILE, ...RELATIVE, ...(field.image ? NOT_AN_IMAGE : [])];
      for (const value of values) {
        const res = await field.send(value);
        expect(res.status, `${field.label} ← ${JSON.stringify(value)}`).toBe(400);
        expect(res.body.message).toContain(field.label);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(500);
    expect(await databaseState(t)).toBe(before);
  });

  it("and accept http(s) URLs (image fields: https: and this site's uploads only; endpoints: ws(s) too)", async () => {
    for (const field of FIELDS) {
      const values = field.image
        ? ['https://ok.example/path?q=1#x', UPLOADED]
        : ['https://ok.example/path?q=1#x', 'http://ok.example'];
      if (field.endpoint) values.push('wss://ok.example/ws');
      for (const value of values) {
        const res = await field.send(value);
        expect(res.status, `${field.label} ← ${value}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
      }
    }
  });

  it('through the CSV import too: the whole file is refused and nothing changes', async () => {
    const before = await databaseState(t);
    const row = (values: Partial<Record<(typeof CSV_COLUMNS)[number], string>>) =>
      CSV_COLUMNS.map((c) => values[c] ?? '');
    for (const [column, value] of [
      ['Website', 'javascript:alert(1)'],
      ['LogoUrl', 'data:image/svg+xml,<svg onload=alert(1)>'],
      ['IconUrl', '//evil.example/i.png'],
      ['OgImage', ' vbscript:msgbox(1)'],
      ['LogoUrl', '/api/logout'],
      ['IconUrl', 'http://plain.example/i.png'],
    ] as const) {
      const csv = stringify([
        [...CSV_COLUMNS],
        row({ Type: 'provider', Name: 'CSV URL', Slug: 'csv-url', [column]: value }),
      ]);
      const form = new FormData();
      form.append('csvFile', new Blob([csv], { type: 'text/csv' }), 'urls.csv');
      const res = await admin.fetch('/api/admin/import/csv', { method: 'POST', body: form });
      expect(res.status, column).toBe(400);
      expect((await res.json()).message).toMatch(/^Nothing was imported\. /);
    }
    expect(await databaseState(t)).toBe(before);
  });
});
