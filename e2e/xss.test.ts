// Hostile input corpus: XSS payloads written through every text, HTML and URL field a user or an admin can
// write (through the real API, as those people), then every page that shows them opened in Chromium — once
// with the Content-Security-Policy bypassed, so escaping and sanitising must hold on their own, and once under
// the policy. Each payload, if it ever ran, would set `top.__xss` and call alert(): the test listens for
// dialogs, reads the flag, and scans the rendered DOM for event-handler attributes, script URLs and
// foreign script elements. A control proves the detector hears an injection that does run.
import { stringify } from 'csv-stringify/sync';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSV_COLUMNS } from '../contract/admin.ts';
import { signIn, type SignedIn } from '../api/test/sign-in.ts';
import { APP_LOADER, APP_SCRIPTS_ID } from '../api/web/preload.ts';
import { SSR_STATE_ID } from '../pwa/lib/site.ts';
import { DESKTOP, showAll, startBrowserTest, type BrowserTest } from './harness.ts';

/** The code every payload tries to run; `n` tells which payload ran. */
const run = (n: number) => `top.__xss=${n};alert(${n})`;

// Markup and text payloads ("JS" is replaced by run(n)).
const TEMPLATES = [
  '<script>JS</script>',
  '<ScRiPt>JS</sCrIpT>',
  '<script src=data:text/javascript,JS></script>',
  '<img src=x onerror=JS>',
  '<img src=x onerror="JS">',
  '"><img src=x onerror=JS>',
  "'><img src=x onerror=JS>",
  '"><svg onload=JS>',
  '<svg><script>JS</script></svg>',
  '<svg><animate onbegin=JS attributeName=x dur=1s>',
  '<svg><set attributeName=onmouseover to=JS>',
  '<svg><a xlink:href="javascript:JS"><text x=20 y=20>svg link</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=JS>',
  '<math href="javascript:JS">math link</math>',
  '<form><math><mtext></form><form><mglyph><svg><mtext><style><path id="</style><img src=x onerror=JS>">',
  '<a href="javascript:JS">js link</a>',
  '<a href="JaVaScRiPt:JS">mixed case</a>',
  '<a href="&#106;avascript:JS">entity</a>',
  '<a href="java&#x09;script:JS">tab</a>',
  '<a href=" javascript:JS">space</a>',
  '<a href="data:text/html,<script>JS</script>">data link</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<iframe src="javascript:JS"></iframe>',
  '<iframe srcdoc="<script>parent.JS</script>"></iframe>',
  '<object data="javascript:JS"></object>',
  '<embed src="javascript:JS">',
  '<body onload=JS>',
  '<details open ontoggle=JS>',
  '<input autofocus onfocus=JS>',
  '<video><source onerror=JS></video>',
  '<div style="background:url(javascript:JS)">css</div>',
  "<style>@import 'javascript:JS';</style>",
  '<noscript><p title="</noscript><img src=x onerror=JS>">',
  '<!--<img src="--><img src=x onerror=JS//">',
  '<img src="x` `<script>JS</script>"` `>',
  '<img """><script>JS</script>">',
  '<<script>JS//<</script>',
  '<scr<script>ipt>JS</scr</script>ipt>',
  '</script><script>JS</script>',
  '</title><script>JS</script>',
  '</textarea><script>JS</script>',
  '</style><script>JS</script>',
  '<base href="javascript:JS//">',
  '<meta http-equiv="refresh" content="0;url=javascript:JS">',
  '<form action="javascript:JS"><button>go</button></form>',
  '<button formaction="javascript:JS">go</button>',
  '<template><img src=x onerror=JS></template>',
  '" onmouseover="JS" x="',
  "' onmouseover='JS' x='",
  '";JS;//',
  "';JS;//",
  "{{constructor.constructor('JS')()}}",
  '${JS}',
  '#{JS}',
  '\\u003cscript\\u003eJS\\u003c/script\\u003e',
  '&lt;script&gt;JS&lt;/script&gt;',
  'javascript:JS',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  '<img src=x onerror=JS',
  '<svg/onload=JS',
];
const PAYLOADS = TEMPLATES.map((tpl, i) => tpl.replaceAll('JS', run(i + 1)));
// For fields too short for any of those (e.g. a 20-character currency symbol).
const SHORT_PAYLOADS = ['<svg/onload=alert(1)', '"><b>x</b><i', '\'"<>&{{7*7}}'];

// Valid http(s) URLs that carry markup (URL fields refuse every other scheme: api/hardening/security-urls.test.ts).
const URL_TEMPLATES = [
  'https://xss.example/"><img src=x onerror=JS>',
  "https://xss.example/?q='><script>JS</script>",
  'https://xss.example/#" onmouseover="JS" x="',
  'https://xss.example/</script><script>JS</script>',
  'http://xss.example/javascript:JS',
  "https://xss.example/{{constructor.constructor('JS')()}}",
];
const URL_PAYLOADS = URL_TEMPLATES.map((tpl, i) => tpl.replaceAll('JS', run(100 + i)));
// Endpoint URLs may hold no whitespace.
const ENDPOINT_PAYLOADS = URL_PAYLOADS.filter((u) => !/\s/.test(u));
// Image URL fields take https: only.
const IMAGE_PAYLOADS = URL_PAYLOADS.filter((u) => u.startsWith('https:'));

/**
 * Fills fields with payloads and keeps count. Short fields get consecutive payloads packed up to their
 * limit, rotating so that successive fields of one size carry different payloads.
 */
class Corpus {
  private cursor = new Map<string, number>();
  readonly coverage = new Map<string, Set<number>>();

  private note(field: string, indexes: number[]) {
    const seen = this.coverage.get(field) ?? new Set<number>();
    for (const i of indexes) seen.add(i);
    this.coverage.set(field, seen);
  }

  private packs(limit: number) {
    const out: { text: string; indexes: number[] }[] = [];
    let cur: { text: string; indexes: number[] } | undefined;
    PAYLOADS.forEach((p, i) => {
      if (p.length > limit) return;
      if (cur && cur.text.length + 1 + p.length > limit) {
        out.push(cur);
        cur = undefined;
      }
      cur = cur ? { text: `${cur.text} ${p}`, indexes: [...cur.indexes, i] } : { text: p, indexes: [i] };
    });
    if (cur) out.push(cur);
    return out;
  }

  /** Text of at most `limit` characters: `marker` then the next payloads that fit. */
  text(field: string, limit: number, marker = ''): string {
    const room = limit - (marker ? marker.length + 1 : 0);
    const packs = this.packs(room);
    const at = this.cursor.get(`${room}`) ?? 0;
    this.cursor.set(`${room}`, at + 1);
    const chosen = packs.length
      ? packs[at % packs.length]
      : {
          text: SHORT_PAYLOADS[at % SHORT_PAYLOADS.length].slice(0, room),
          indexes: [500 + (at % SHORT_PAYLOADS.length)],
        };
    this.note(field, chosen.indexes);
    return marker ? `${marker} ${chosen.text}` : chosen.text;
  }

  /** Every payload, one per line, after `marker` (long text and HTML fields). */
  all(field: string, marker: string, limit = Infinity): string {
    let text = marker;
    const used: number[] = [];
    PAYLOADS.forEach((p, i) => {
      if (text.length + 1 + p.length > limit) return;
      text += `\n${p}`;
      used.push(i);
    });
    this.note(field, used);
    return text;
  }

  url(field: string, pool = URL_PAYLOADS): string {
    const at = this.cursor.get('url') ?? 0;
    this.cursor.set('url', at + 1);
    this.note(field, [1000 + (at % pool.length)]);
    return pool[at % pool.length];
  }
}

let e: BrowserTest;
let admin: SignedIn;
const corpus = new Corpus();
const PROVIDERS = 4;
const CHAINS = 3;
const USERS = 8;
const AD_POSITIONS = ['header', 'sidebar', 'footer', 'content-top', 'content-bottom', 'hotlist-inline'] as const;
let svgPath = '';

const providerSlug = (k: number) => `xss-provider-${k}`;
const chainSlug = (k: number) => `xss-chain-${k}`;

async function ok<T = any>(res: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const { status, body } = await res;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body).slice(0, 500)}`);
  return body;
}

/** The SEO fields every page kind has (title and description sizes of the schema). */
const seo = (entity: string) => ({
  metaTitle: corpus.text(`${entity}.metaTitle`, 60),
  metaDescription: corpus.text(`${entity}.metaDescription`, 160),
  ogTitle: corpus.text(`${entity}.ogTitle`, 60),
  ogDescription: corpus.text(`${entity}.ogDescription`, 160),
  ogImage: corpus.url(`${entity}.ogImage`, IMAGE_PAYLOADS),
});

async function uploadHostileSvg(): Promise<string> {
  const code = run(200);
  const svg = `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY x "<script>${code}</script>">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64" onload="${code}">
  <script>${code}</script>
  <script xlink:href="data:text/javascript,${code}"/>
  <foreignObject width="64" height="64"><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="${code}"/></body></foreignObject>
  <a xlink:href="javascript:${code}"><text x="4" y="20">click</text></a>
  <a href="javascript:${code}"><rect width="10" height="10"/></a>
  <animate attributeName="href" to="javascript:${code}"/>
  <set attributeName="onmouseover" to="${code}"/>
  <image href="javascript:${code}" width="1" height="1"/>
  <use href="data:image/svg+xml,&lt;svg id='x' xmlns='http://www.w3.org/2000/svg'&gt;&lt;script&gt;${code}&lt;/script&gt;&lt;/svg&gt;#x"/>
  <style>@import url("javascript:${code}"); rect { fill: #4f46e5 }</style>
  <iframe src="javascript:${code}"/>
  <rect width="64" height="64" onclick="${code}" onmouseover="${code}"/>
  &x;
</svg>`;
  const form = new FormData();
  form.append('folder', 'logos');
  form.append('file', new Blob([svg]), 'hostile.svg');
  const res = await admin.fetch('/api/objects/upload', { method: 'POST', body: form });
  if (res.status !== 201) throw new Error(`SVG upload: ${res.status} ${await res.text()}`);
  corpus.coverage.set('upload.svg', new Set([200]));
  return (await res.json()).uploadURL;
}

/** Writes the corpus through every writable field, as the people who can write them. */
async function writeCorpus() {
  admin = await signIn(e.server, 'admin@example.com');
  svgPath = await uploadHostileSvg();

  // Chains (admin).
  const chainIds: number[] = [];
  for (let k = 1; k <= CHAINS; k++) {
    const chain = await ok(
      admin.json('POST', '/api/admin/chains', {
        name: corpus.text('chain.name', 200, `XC${k}`),
        slug: chainSlug(k),
        title: corpus.text('chain.title', 200),
        description: corpus.all('chain.description', `XCDESC${k}`, 2000),
        detailedDescription: corpus.all('chain.detailedDescription', `XCDETAIL${k}`),
        iconUrl: k === 1 ? svgPath : corpus.url('chain.iconUrl', IMAGE_PAYLOADS),
        websiteUrl: corpus.url('chain.websiteUrl'),
        twitterUrl: corpus.url('chain.twitterUrl'),
        discordUrl: corpus.url('chain.discordUrl'),
        telegramUrl: corpus.url('chain.telegramUrl'),
        githubUrl: corpus.url('chain.githubUrl'),
        linkedinUrl: corpus.url('chain.linkedinUrl'),
        shortName: corpus.text('chain.shortName', 50),
        evmChainId: 990000 + k,
        nativeCurrency: {
          name: corpus.text('chain.nativeCurrency.name', 100),
          symbol: corpus.text('chain.nativeCurrency.symbol', 20),
          decimals: 18,
        },
        explorers: [{ name: corpus.text('chain.explorers.name', 100), url: corpus.url('chain.explorers.url') }],
        rpcEndpoints: ENDPOINT_PAYLOADS.map((url, i) => ({ url: `${url}${k}${i}`, tracking: 'none' })),
        ...seo('chain'),
      }),
      `chain ${k}`,
    );
    corpus.coverage.set('chain.rpcEndpoints.url', new Set(ENDPOINT_PAYLOADS.map((_, i) => 1000 + i)));
    chainIds.push(chain.id);
  }

  // Providers, their chain links and editorial reviews (admin).
  const providerIds: number[] = [];
  for (let k = 1; k <= PROVIDERS; k++) {
    const provider = await ok(
      admin.json('POST', '/api/admin/providers', {
        name: corpus.text('provider.name', 200, `XP${k}`),
        slug: providerSlug(k),
        description: corpus.all('provider.description', `XPDESC${k}`, 2000),
        detailedDescription: corpus.all('provider.detailedDescription', `XDETAIL${k}`),
        website: corpus.url('provider.website'),
        affiliateUrl: k % 2 ? corpus.url('provider.affiliateUrl') : null,
        logoUrl: k === 1 ? svgPath : corpus.url('provider.logoUrl', IMAGE_PAYLOADS),
        iconUrl: k === 2 ? svgPath : corpus.url('provider.iconUrl', IMAGE_PAYLOADS),
        twitterUrl: corpus.url('provider.twitterUrl'),
        discordUrl: corpus.url('provider.discordUrl'),
        telegramUrl: corpus.url('provider.telegramUrl'),
        githubUrl: corpus.url('provider.githubUrl'),
        linkedinUrl: corpus.url('provider.linkedinUrl'),
        privacyPolicyUrl: corpus.url('provider.privacyPolicyUrl'),
        cloakedLinks: k % 2 === 0,
        featured: true,
        ...seo('provider'),
      }),
      `provider ${k}`,
    );
    providerIds.push(provider.id);
    await ok(admin.json('PUT', `/api/admin/providers/${provider.id}/chains`, { chainIds }), 'chain links');
    await ok(
      admin.json('POST', `/api/admin/providers/${provider.id}/editorial-review`, {
        rating: 4,
        content: corpus.all('editorial.content', `XEDIT${k}`),
      }),
      'editorial',
    );
  }

  // Users: profile names and reviews (approved by the admin, one left pending for the moderation list).
  for (let u = 1; u <= USERS; u++) {
    const user = await signIn(e.server, `xss-user-${u}@example.com`);
    await ok(
      user.json('PUT', '/api/auth/profile', {
        displayName: corpus.text('profile.displayName', 100),
        firstName: corpus.text('profile.firstName', 50),
        lastName: corpus.text('profile.lastName', 50),
      }),
      'profile',
    );
    const k = ((u - 1) % PROVIDERS) + 1;
    const review = await ok(
      user.json('POST', `/api/providers/${providerSlug(k)}/reviews`, {
        rating: 1 + (u % 5),
        comment: corpus.all('review.comment', `XREVIEW${u}`, 5000),
      }),
      'review',
    );
    if (u !== USERS) await ok(admin.json('PUT', `/api/admin/reviews/${review.id}/approve`), 'approve');
  }

  // Ads in every position (admin).
  for (const position of AD_POSITIONS) {
    await ok(
      admin.json('POST', '/api/admin/ads', {
        name: corpus.text('ad.name', 200, `XADNAME-${position}`),
        position,
        adCode: corpus.all('ad.adCode', `XAD-${position}`),
        isActive: true,
        frequency: '3',
      }),
      `ad ${position}`,
    );
  }

  // Site pages (admin).
  await ok(
    admin.json('PUT', '/api/admin/about', {
      title: corpus.text('about.title', 200, 'XABOUTTITLE'),
      content: corpus.all('about.content', 'XABOUT'),
      ...seo('about'),
    }),
    'about',
  );
  await ok(
    admin.json('PUT', '/api/admin/homepage', {
      title: corpus.text('homepage.title', 200, 'XHOMETITLE'),
      introText: corpus.all('homepage.introText', 'XINTRO'),
      seoText: corpus.all('homepage.seoText', 'XSEO'),
      ...seo('homepage'),
    }),
    'homepage',
  );
  for (const category of ['chains', 'providers']) {
    await ok(
      admin.json('PUT', `/api/admin/category/${category}`, {
        title: corpus.text('category.title', 200, `XCATTITLE-${category}`),
        contentHtml: corpus.all('category.contentHtml', `XCAT-${category}`),
        ...seo('category'),
      }),
      `category ${category}`,
    );
  }
  for (let i = 1; i <= 3; i++) {
    await ok(
      admin.json('POST', '/api/admin/partner-links', {
        name: corpus.text('partnerLink.name', 200, `XPARTNER${i}`),
        url: corpus.url('partnerLink.url'),
        order: i,
      }),
      'partner link',
    );
  }

  // Visitors' contact messages (no sign-in needed).
  for (let i = 1; i <= 3; i++) {
    const res = await fetch(`${e.url}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: e.url },
      body: JSON.stringify({
        name: corpus.text('contact.name', 200, `XCONTACTNAME${i}`),
        email: `xss${i}@example.com`,
        subject: corpus.text('contact.subject', 300),
        message: corpus.all('contact.message', `XCONTACT${i}`, 10000),
      }),
    });
    if (res.status !== 201) throw new Error(`contact: ${res.status} ${await res.text()}`);
  }

  // A CSV import with a hostile chain and provider row (admin).
  const cells = (values: Partial<Record<(typeof CSV_COLUMNS)[number], string>>) =>
    CSV_COLUMNS.map((c) => values[c] ?? '');
  const csv = stringify([
    [...CSV_COLUMNS],
    cells({
      Type: 'chain',
      Name: corpus.text('csv.Name', 200, 'XCSVCHAIN'),
      Slug: 'xss-csv-chain',
      Title: corpus.text('csv.Title', 200),
      Description: corpus.all('csv.Description', 'XCSVCDESC', 2000),
      DetailedDescription: corpus.all('csv.DetailedDescription', 'XCSVCDETAIL'),
      Website: corpus.url('csv.Website'),
      IconUrl: corpus.url('csv.IconUrl'),
      MetaTitle: corpus.text('csv.MetaTitle', 60),
      MetaDescription: corpus.text('csv.MetaDescription', 160),
      OgTitle: corpus.text('csv.OgTitle', 60),
      OgDescription: corpus.text('csv.OgDescription', 160),
      OgImage: corpus.url('csv.OgImage'),
    }),
    cells({
      Type: 'provider',
      Name: corpus.text('csv.Name', 200, 'XCSVPROVIDER'),
      Slug: 'xss-csv-provider',
      Description: corpus.all('csv.Description', 'XCSVPDESC', 2000),
      DetailedDescription: corpus.all('csv.DetailedDescription', 'XCSVPDETAIL'),
      Website: corpus.url('csv.Website'),
      LogoUrl: corpus.url('csv.LogoUrl'),
      IconUrl: corpus.url('csv.IconUrl'),
      MetaTitle: corpus.text('csv.MetaTitle', 60),
      MetaDescription: corpus.text('csv.MetaDescription', 160),
      NofollowLinks: 'true',
      EditorialRating: '3',
      EditorialContent: corpus.all('csv.EditorialContent', 'XCSVEDIT'),
      Chains: 'xss-csv-chain',
    }),
  ]);
  const form = new FormData();
  form.append('csvFile', new Blob([csv], { type: 'text/csv' }), 'hostile.csv');
  const imported = await admin.fetch('/api/admin/import/csv', { method: 'POST', body: form });
  if (imported.status !== 200) throw new Error(`CSV import: ${imported.status} ${await imported.text()}`);
}

beforeAll(async () => {
  e = await startBrowserTest();
  await writeCorpus();
  const fields = [...corpus.coverage.entries()];
  const pairs = fields.reduce((n, [, s]) => n + s.size, 0);
  // The figures e2e/SECURITY.md records.
  console.log(
    `XSS corpus: ${PAYLOADS.length} markup/text payloads + ${URL_PAYLOADS.length} URL payloads + 1 hostile SVG; ` +
      `${fields.length} fields; ${pairs} distinct field×payload pairs written\n` +
      fields.map(([f, s]) => `  ${f}: ${s.size}`).join('\n'),
  );
}, 300_000);
afterAll(async () => {
  await e?.close();
});

type Finding = { path: string; what: string };

/** What a page shows that could run code: event-handler attributes, script URLs, foreign script elements, broken JSON-LD. */
async function scanDom(page: Page): Promise<string[]> {
  return page.evaluate(
    ({ stateId, appScriptsId, appLoader }) => {
      const bad: string[] = [];
      const URL_ATTRIBUTES = new Set([
        'href',
        'src',
        'action',
        'formaction',
        'xlink:href',
        'data',
        'background',
        'poster',
      ]);
      for (const el of Array.from(document.querySelectorAll('*'))) {
        for (const attr of Array.from(el.attributes)) {
          const name = attr.name.toLowerCase();
          if (name.startsWith('on')) bad.push(`<${el.tagName.toLowerCase()} ${name}="${attr.value.slice(0, 60)}">`);
          if (name === 'srcdoc') bad.push(`<${el.tagName.toLowerCase()} srcdoc>`);
          if (URL_ATTRIBUTES.has(name)) {
            const v = attr.value.replace(/[\p{Cc} ]/gu, '').toLowerCase();
            if (/^(javascript|vbscript):|^data:text\/(html|javascript)/.test(v)) {
              bad.push(`<${el.tagName.toLowerCase()} ${name}="${attr.value.slice(0, 60)}">`);
            }
          }
        }
      }
      for (const s of Array.from(document.querySelectorAll('script'))) {
        const type = s.getAttribute('type');
        if (type === 'application/ld+json') {
          try {
            JSON.parse(s.textContent ?? '');
          } catch {
            bad.push(`broken JSON-LD: ${(s.textContent ?? '').slice(0, 60)}`);
          }
        } else if (type === 'application/json' && s.id === stateId) {
          // The server-rendered page's query data: inert, and it must still be whole JSON.
          try {
            JSON.parse(s.textContent ?? '');
          } catch {
            bad.push(`broken page data: ${(s.textContent ?? '').slice(0, 60)}`);
          }
        } else if (type === 'application/json' && s.id === appScriptsId) {
          // The loader's list of scripts (api/web/preload.ts): JSON naming only the build's own files.
          try {
            const { entry, preloads } = JSON.parse(s.textContent ?? '') as { entry: unknown; preloads: unknown[] };
            const foreign = [entry, ...preloads].filter((u) => typeof u !== 'string' || !u.startsWith('/assets/'));
            if (foreign.length) bad.push(`loader naming ${JSON.stringify(foreign).slice(0, 80)}`);
          } catch {
            bad.push(`broken script list: ${(s.textContent ?? '').slice(0, 60)}`);
          }
        } else if (s.hasAttribute('data-app-loader')) {
          // The page's script loader: the same text on every page (the CSP admits it by its hash).
          if (s.textContent !== appLoader) bad.push(`loader changed: ${(s.textContent ?? '').slice(0, 80)}`);
        } else if (!(type === 'module' && s.getAttribute('src')?.startsWith('/assets/'))) {
          bad.push(`script: ${s.outerHTML.slice(0, 80)}`);
        }
      }
      for (const el of Array.from(
        document.querySelectorAll('base, object, embed, frame, frameset, applet, meta[http-equiv="refresh" i]'),
      )) {
        bad.push(`element: ${el.outerHTML.slice(0, 80)}`);
      }
      if ((window as unknown as { __xss?: unknown }).__xss !== undefined)
        bad.push(`window.__xss = ${String((window as unknown as { __xss?: unknown }).__xss)}`);
      return bad;
    },
    { stateId: SSR_STATE_ID, appScriptsId: APP_SCRIPTS_ID, appLoader: APP_LOADER },
  );
}

/** One browser profile (CSP enforced or bypassed) with every dialog and finding collected. */
async function hostileBrowser(bypassCSP: boolean) {
  const context: BrowserContext = await e.browser.newContext({ viewport: DESKTOP, baseURL: e.url, bypassCSP });
  const page = await context.newPage();
  const findings: Finding[] = [];
  page.on('dialog', (d) => {
    findings.push({ path: page.url(), what: `dialog: ${d.message()}` });
    void d.dismiss().catch(() => {});
  });
  /** Opens `path`, waits for each text to be visible (the hostile content really rendered), then scans. */
  async function visit(path: string, ...texts: (string | RegExp)[]) {
    await page.goto(path);
    await page
      .getByRole('heading', { level: 1 })
      .first()
      .waitFor()
      .catch(async (err: Error) => {
        throw new Error(
          `${path} rendered no heading: ${(await page.evaluate(() => document.body.innerText)).slice(0, 1000)}`,
          { cause: err },
        );
      });
    await showAll(page);
    // A visible match: a name may also stand in a closed select's options (the Connect section's provider list).
    // Once the service worker controls the page, the app shell draws the lists when their data arrives, maybe
    // after that look for "Show more": a text not yet there is looked for again with the lists drawn whole.
    for (const text of texts) {
      await expect
        .poll(
          async () => {
            await showAll(page);
            return page.getByText(text).filter({ visible: true }).first().isVisible();
          },
          { timeout: 30_000 },
        )
        .toBe(true);
    }
    await page.waitForLoadState('networkidle').catch(() => {});
    for (const what of await scanDom(page)) findings.push({ path, what });
  }
  return { context, page, findings, visit };
}

describe('the detector (control)', () => {
  it('hears an injection that does run, and the policy stops the same injection', async () => {
    const open = await hostileBrowser(true);
    await open.visit('/about');
    await open.page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), PAYLOADS[3]);
    await expect.poll(() => open.findings.length).toBeGreaterThan(0);
    expect(open.findings.map((f) => f.what)).toContain('dialog: 4');
    expect(await scanDom(open.page)).toEqual(
      expect.arrayContaining(['window.__xss = 4', expect.stringMatching(/^<img onerror=/)]),
    );
    await open.context.close();

    const guarded = await hostileBrowser(false);
    await guarded.visit('/about');
    // The browser tried the injected handler and the policy refused it: its violation event is the sign.
    const refused = guarded.page.evaluate(
      () =>
        new Promise<string>((resolve) =>
          document.addEventListener('securitypolicyviolation', (ev) => resolve(ev.effectiveDirective), { once: true }),
        ),
    );
    await guarded.page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), PAYLOADS[3]);
    expect(await refused).toMatch(/^script-src/);
    expect(guarded.findings).toEqual([]);
    expect(await guarded.page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    await guarded.context.close();
  });
});

describe.each([
  ['without the CSP (escaping and sanitising alone)', true],
  ['under the CSP', false],
])('hostile content %s', (_label, bypassCSP) => {
  let b: Awaited<ReturnType<typeof hostileBrowser>>;
  beforeAll(async () => {
    b = await hostileBrowser(bypassCSP);
  });
  afterAll(async () => {
    await b.context.close();
  });

  it('public pages: home, lists, about, search and not-found (reflected input)', async () => {
    await b.visit('/', 'XINTRO', 'XSEO', 'XAD-header');
    await b.visit('/providers', 'XCAT-providers', /^XP1 /);
    await b.visit('/chains', 'XCAT-chains', /^XC1 /);
    await b.visit('/about', 'XABOUT');
    for (const p of [PAYLOADS[0], PAYLOADS[5], PAYLOADS[38]]) await b.visit(`/search?q=${encodeURIComponent(p)}`);
    await b.visit(`/providers/${encodeURIComponent(PAYLOADS[5])}`);
    await b.visit(`/no-such-page/${encodeURIComponent(PAYLOADS[38])}?x=${encodeURIComponent(PAYLOADS[6])}`);
    await b.visit(`/login?returnTo=${encodeURIComponent(`javascript:${run(300)}`)}`);
    expect(b.findings).toEqual([]);
  });

  it('provider pages: names, descriptions, editorial, approved reviews with hostile names, links and logos', async () => {
    for (let k = 1; k <= PROVIDERS; k++) {
      await b.visit(`/providers/${providerSlug(k)}`, new RegExp(`^XP${k} `), `XDETAIL${k}`, `XEDIT${k}`, `XREVIEW${k}`);
    }
    await b.visit('/providers/xss-csv-provider', /^XCSVPROVIDER /, 'XCSVPDETAIL', 'XCSVEDIT');
    expect(b.findings).toEqual([]);
  });

  it('chain pages: names, facts, explorers, endpoints and the providers serving them', async () => {
    for (let k = 1; k <= CHAINS; k++)
      await b.visit(`/chains/${chainSlug(k)}`, new RegExp(`^XC${k} `), `XCDETAIL${k}`, /^XP1 /);
    await b.visit('/chains/xss-csv-chain', /^XCSVCHAIN /, 'XCSVCDETAIL');
    expect(b.findings).toEqual([]);
  });

  it('the uploaded hostile SVG opened as a document', async () => {
    await b.page.goto(svgPath); // resolves after the document's load event: anything it runs has run
    for (const what of await scanDom(b.page)) b.findings.push({ path: svgPath, what });
    // It rendered as an SVG (not an XML error page), with nothing left that could run.
    expect(
      await b.page.evaluate(() => [
        document.documentElement.localName,
        document.querySelectorAll('parsererror').length,
        document.querySelectorAll('script, foreignObject, iframe, set, animate').length,
        document.querySelectorAll('rect').length,
      ]),
    ).toEqual(['svg', 0, 0, 2]);
    expect(b.findings).toEqual([]);
  });

  it('the admin panel as admin: every tab, the moderation list, edit dialogs with the rich-text editor', async () => {
    await e.signIn(b.page, 'admin@example.com', '/admin');
    const tab = async (name: string, ...texts: (string | RegExp)[]) => {
      await b.page.getByRole('tab', { name, exact: true }).click();
      await b.page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
      for (const text of texts) await b.page.getByText(text).first().waitFor();
      await b.page.waitForLoadState('networkidle').catch(() => {});
      for (const what of await scanDom(b.page)) b.findings.push({ path: `/admin ${name}`, what });
    };
    await tab('Chains', /^XC1 /);
    await b.page.getByRole('button', { name: /^Edit XC1 / }).click();
    await b.page.getByRole('dialog').waitFor();
    await b.page.getByText('XCDETAIL1').first().waitFor();
    for (const what of await scanDom(b.page)) b.findings.push({ path: '/admin chain dialog', what });
    await b.page.keyboard.press('Escape');
    await tab('Providers', /^XP1 /, 'XCAT-providers');
    await b.page.getByRole('button', { name: /^Edit XP1 / }).click();
    await b.page.getByRole('dialog').waitFor();
    await b.page.getByText('XDETAIL1').first().waitFor();
    for (const what of await scanDom(b.page)) b.findings.push({ path: '/admin provider dialog', what });
    await b.page.keyboard.press('Escape');
    await tab('Editorial', `XREVIEW${USERS}`, 'XEDIT1');
    await tab('Ads', 'XADNAME-header');
    await tab('Contact', 'XCONTACTNAME1', 'XCONTACT1');
    await tab('About', 'XABOUT');
    await tab('Homepage', 'XINTRO', 'XSEO');
    await tab('Tracking');
    await tab('Partners', 'XPARTNER1');
    await tab('CSV');
    expect(b.findings).toEqual([]);
  });
});
