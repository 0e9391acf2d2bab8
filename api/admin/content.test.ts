// Admin writes of editorial reviews, ads, contact submissions, the about/homepage/category texts,
// tracking settings and partner links — with XSS payloads in every stored HTML field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import type { SignedIn } from '../test/sign-in.ts';
import { aboutSchema, categoryContentSchema, homepageSchema, partnerLinkSchema } from '../../contract/content.ts';
import {
  adminAdListSchema,
  adminAdSchema,
  adminEditorialReviewListSchema,
  contactSubmissionListSchema,
  editorialReviewSavedSchema,
} from '../../contract/admin.ts';
import { databaseState, pageHead, signInAdmin } from './test-support.ts';

let t: TestServer;
let admin: SignedIn;
beforeAll(async () => {
  t = await startTestServer();
  admin = await signInAdmin(t);
});
afterAll(async () => {
  await t.close();
});

// Each payload tries a different way to run script; none may survive the sanitiser.
const XSS = [
  '<script>alert(1)</script>',
  '<img src="x" onerror="alert(2)">',
  '<a href="javascript:alert(3)">click</a>',
  '<a href="JaVaScRiPt&#58;alert(4)">click</a>',
  '<svg onload="alert(5)"><circle/></svg>',
  '<iframe src="javascript:alert(6)"></iframe>',
  '<p style="background:url(javascript:alert(7))" onclick="alert(8)">text</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(9)></style></mglyph></table></mtext></math>',
  '<object data="javascript:alert(10)"></object><embed src="javascript:alert(11)">',
  '<form action="javascript:alert(12)"><button>go</button></form>',
].join('');

/** True when the HTML still carries a way to run script. */
const dangerous = (html: string) =>
  /<script|<iframe[^>]*javascript|\son\w+\s*=|javascript:|<object|<embed|<form|<svg|<style/i.test(html);

const providerId = async (slug: string) =>
  (await t.sql<{ id: number }[]>`SELECT id FROM providers WHERE slug = ${slug}`)[0].id;

describe('editorial reviews', () => {
  it('publishes one per provider; a second replaces the first and says so', async () => {
    const id = await providerId('publicnode');
    const first = await admin.json('POST', `/api/admin/providers/${id}/editorial-review`, {
      rating: 4,
      content: `<p>Solid.</p>${XSS}`,
    });
    expect(first.status).toBe(201);
    const saved = editorialReviewSavedSchema.parse(first.body);
    expect(saved).toMatchObject({ providerId: id, providerName: 'PublicNode (Allnodes)', rating: 4, replaced: false });
    expect(dangerous(saved.content)).toBe(false);
    expect(saved.content).toContain('<p>Solid.</p>');

    const second = await admin.json('POST', `/api/admin/providers/${id}/editorial-review`, {
      content: '<p>Even better.</p>',
    });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ rating: 5, content: '<p>Even better.</p>', replaced: true }); // rating defaults to 5
    const [{ n }] = await t.sql<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM editorial_reviews WHERE provider_id = ${id}`;
    expect(n).toBe(1);

    const list = adminEditorialReviewListSchema.parse((await admin.json('GET', '/api/admin/editorial-reviews')).body);
    expect(list.filter((r) => r.providerId === id)).toHaveLength(1);
    expect((await t.get('/api/providers/publicnode')).body.editorialReview).toMatchObject({
      rating: 5,
      content: '<p>Even better.</p>',
    });
  });

  it.each([
    [{ rating: 0, content: '<p>x</p>' }, 'rating: Rating must be from 1 to 5'],
    [{ rating: 6, content: '<p>x</p>' }, 'rating: Rating must be from 1 to 5'],
    [{ rating: 4.5, content: '<p>x</p>' }, 'rating: Rating must be a whole number'],
    [{ rating: 3, content: '   ' }, 'content: Content is required'],
    [{ rating: 3, content: '<script>alert(1)</script>' }, 'content: Content is required'],
  ])('refuses %j', async (body, message) => {
    const before = await databaseState(t);
    const res = await admin.json('POST', `/api/admin/providers/${await providerId('ankr')}/editorial-review`, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
    expect(await databaseState(t)).toBe(before);
  });

  it('answers 404 for an unknown provider', async () => {
    expect(
      (await admin.json('POST', '/api/admin/providers/999999/editorial-review', { rating: 3, content: 'x' })).status,
    ).toBe(404);
  });
});

describe('ads', () => {
  it('creates with the defaults and stores the code without scripts or handlers', async () => {
    const res = await admin.json('POST', '/api/admin/ads', {
      name: 'Banner',
      adCode:
        '<script async src="https://ads.example/a.js"></script><ins class="adsbygoogle" data-ad-slot="42" onmouseover="alert(1)"></ins>' +
        `<a href="https://sponsor.example"><img src="https://sponsor.example/b.png" onload="alert(2)"></a>${XSS}`,
    });
    expect(res.status).toBe(201);
    const ad = adminAdSchema.parse(res.body);
    expect(ad).toMatchObject({ name: 'Banner', position: 'header', frequency: '5', isActive: true });
    expect(ad.adCode).toContain('<ins class="adsbygoogle" data-ad-slot="42"></ins>');
    expect(ad.adCode).toContain('<a href="https://sponsor.example"><img src="https://sponsor.example/b.png" /></a>');
    expect(dangerous(ad.adCode)).toBe(false);
    const [{ adCode }] = await t.sql<{ adCode: string }[]>`SELECT ad_code FROM ads WHERE id = ${ad.id}`;
    expect(adCode).toBe(ad.adCode);
  });

  it('creates a hotlist-inline ad with a frequency, toggles it, edits and deletes it', async () => {
    const created = await admin.json('POST', '/api/admin/ads', {
      name: 'Inline',
      position: 'hotlist-inline',
      frequency: 3,
      adCode: '<p>Sponsored</p>',
    });
    expect(created.body).toMatchObject({ position: 'hotlist-inline', frequency: '3', isActive: true });
    const id = created.body.id;
    expect((await t.get('/api/ads/hotlist-inline')).body.map((a: { id: number }) => a.id)).toContain(id);

    const off = await admin.json('PUT', `/api/admin/ads/${id}`, { isActive: false });
    expect(off.body).toMatchObject({ isActive: false, name: 'Inline', frequency: '3' });
    expect((await t.get('/api/ads/hotlist-inline')).body.map((a: { id: number }) => a.id)).not.toContain(id);

    const edited = await admin.json('PUT', `/api/admin/ads/${id}`, {
      name: 'Inline 2',
      frequency: '10',
      adCode: '<b onclick="x()">Hi</b>',
    });
    expect(edited.body).toMatchObject({ name: 'Inline 2', frequency: '10', adCode: '<b>Hi</b>' });

    const list = adminAdListSchema.parse((await admin.json('GET', '/api/admin/ads')).body);
    expect(list.find((a) => a.id === id)?.isActive).toBe(false); // the admin list includes inactive ads

    expect((await admin.json('DELETE', `/api/admin/ads/${id}`)).body).toEqual({ id, deleted: true });
    expect((await admin.json('DELETE', `/api/admin/ads/${id}`)).status).toBe(404);
    expect((await admin.json('PUT', `/api/admin/ads/${id}`, { isActive: true })).status).toBe(404);
  });

  it.each([
    [{ adCode: '<p>x</p>' }, 'name: Name is required'],
    [{ name: 'X' }, 'adCode: Ad code is required'],
    [{ name: 'X', adCode: '<p>x</p>', position: 'popup' }, 'position:'],
    [{ name: 'X', adCode: '<p>x</p>', frequency: '4' }, 'frequency: Frequency must be one of 3, 5, 7, 10'],
    [
      { name: 'X', adCode: '<script>alert(1)</script>' },
      'adCode: Nothing is left of the ad code once scripts and event handlers are removed',
    ],
  ])('refuses %j', async (body, message) => {
    const res = await admin.json('POST', '/api/admin/ads', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(message);
  });
});

describe('contact submissions', () => {
  it('lists newest first and marks one read', async () => {
    await t.sql`
      INSERT INTO contact_submissions (name, email, subject, message, created_at) VALUES
        ('Old', 'old@example.com', NULL, 'First', now() - interval '2 days'),
        ('New', 'new@example.com', 'Hello', 'Second', now())`;
    const list = contactSubmissionListSchema.parse((await admin.json('GET', '/api/admin/contact-submissions')).body);
    expect(list.map((s) => s.name)).toEqual(['New', 'Old']);
    expect(list.every((s) => !s.isRead)).toBe(true);

    const read = await admin.json('PATCH', `/api/admin/contact-submissions/${list[1].id}/read`);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: list[1].id, isRead: true });
    const after = contactSubmissionListSchema.parse((await admin.json('GET', '/api/admin/contact-submissions')).body);
    expect(after.map((s) => s.isRead)).toEqual([false, true]);
    expect((await admin.json('PATCH', '/api/admin/contact-submissions/999999/read')).status).toBe(404);
  });

  it('deletes a submission (retention): gone from the list and the database; an unknown id is 404', async () => {
    const [{ id }] = await t.sql<{ id: number }[]>`
      INSERT INTO contact_submissions (name, email, subject, message) VALUES ('Gone', 'gone@example.com', NULL, 'Forget me') RETURNING id`;
    expect(await admin.json('DELETE', `/api/admin/contact-submissions/${id}`)).toEqual({
      status: 200,
      body: { id, deleted: true },
    });
    const list = contactSubmissionListSchema.parse((await admin.json('GET', '/api/admin/contact-submissions')).body);
    expect(list.map((s) => s.id)).not.toContain(id);
    expect(await t.sql`SELECT 1 FROM contact_submissions WHERE id = ${id}`).toHaveLength(0);
    expect(await admin.json('DELETE', `/api/admin/contact-submissions/${id}`)).toEqual({
      status: 404,
      body: { message: 'Contact submission not found' },
    });
  });
});

describe('about, homepage and category pages', () => {
  it('updates the about page; its HTML is sanitised and the public page shows it', async () => {
    const res = await admin.json('PUT', '/api/admin/about', {
      title: 'About RPC Atlas',
      content: `<h2>Who we are</h2>${XSS}`,
      metaTitle: 'About',
      metaDescription: 'All about us',
    });
    expect(res.status).toBe(200);
    const about = aboutSchema.parse(res.body);
    expect(about).toMatchObject({ title: 'About RPC Atlas', metaTitle: 'About', metaDescription: 'All about us' });
    expect(about.content).toContain('<h2>Who we are</h2>');
    expect(dangerous(about.content)).toBe(false);
    expect((await t.get('/api/about')).body.content).toBe(about.content);
    const long = await admin.json('PUT', '/api/admin/about', { metaDescription: 'x'.repeat(161) });
    expect(long.body.message).toBe('metaDescription: SEO description must be at most 160 characters');
  });

  it("stores the about page's Open Graph fields; /about's head shows them, and their limits hold", async () => {
    const og = {
      ogTitle: 'About the directory',
      ogDescription: 'Who keeps RPC Atlas up to date.',
      ogImage: 'https://img.example/about.png',
    };
    const res = await admin.json('PUT', '/api/admin/about', og);
    expect(res.status).toBe(200);
    expect(aboutSchema.parse(res.body)).toMatchObject({ ...og, title: 'About RPC Atlas', metaTitle: 'About' }); // the rest is kept
    expect((await t.get('/api/about')).body).toMatchObject(og);
    expect(await pageHead(t, '/about')).toMatchObject({
      status: 200,
      title: 'About',
      ...og,
      twitterCard: 'summary_large_image',
    });
    const before = await databaseState(t);
    expect((await admin.json('PUT', '/api/admin/about', { ogTitle: 'x'.repeat(61) })).body.message).toBe(
      'ogTitle: Open Graph title must be at most 60 characters',
    );
    expect((await admin.json('PUT', '/api/admin/about', { ogImage: 'javascript:alert(1)' })).status).toBe(400);
    expect(await databaseState(t)).toBe(before);
  });

  it('updates the homepage texts; intro and SEO text are sanitised; OG limits hold', async () => {
    const res = await admin.json('PUT', '/api/admin/homepage', {
      title: 'RPC Atlas Hotlist',
      introText: `<p>Intro</p>${XSS}`,
      seoText: `<p>Outro</p>${XSS}`,
      metaTitle: 'Home',
      metaDescription: 'Best RPCs',
      ogTitle: 'OG',
      ogDescription: 'OG desc',
      ogImage: '/objects/6f1c2a7e-9a43-4b8e-bb0e-2b1f6f0e8c11',
    });
    expect(res.status).toBe(200);
    const home = homepageSchema.parse(res.body);
    expect(home.introText.startsWith('<p>Intro</p>')).toBe(true);
    expect(home.seoText.startsWith('<p>Outro</p>')).toBe(true);
    expect(dangerous(home.introText) || dangerous(home.seoText)).toBe(false);
    expect((await t.get('/api/homepage')).body).toEqual(home);

    expect((await admin.json('PUT', '/api/admin/homepage', { ogTitle: 'x'.repeat(61) })).body.message).toBe(
      'ogTitle: Open Graph title must be at most 60 characters',
    );
    expect((await admin.json('PUT', '/api/admin/homepage', { ogDescription: 'x'.repeat(161) })).body.message).toBe(
      'ogDescription: Open Graph description must be at most 160 characters',
    );
    expect((await admin.json('PUT', '/api/admin/homepage', { ogImage: 'javascript:alert(1)' })).status).toBe(400);
  });

  it('updates a category page (the seven fields) and refuses an unknown category', async () => {
    const body = {
      title: 'All chains',
      contentHtml: `<p>Every chain</p>${XSS}`,
      metaTitle: 'Chains',
      metaDescription: 'd',
      ogTitle: 'o',
      ogDescription: 'od',
      ogImage: 'https://cdn.example/og.png',
    };
    const res = await admin.json('PUT', '/api/admin/category/chains', body);
    expect(res.status).toBe(200);
    const page = categoryContentSchema.parse(res.body);
    expect(page).toMatchObject({ ...body, contentHtml: expect.stringMatching(/^<p>Every chain<\/p>/) });
    expect(dangerous(page.contentHtml)).toBe(false);
    expect((await t.get('/api/category/chains')).body).toEqual(page);
    expect((await t.get('/api/category/providers')).body.title).toBe(''); // the other page is untouched
    expect((await admin.json('PUT', '/api/admin/category/users', body)).status).toBe(400);
  });
});

describe('tracking settings', () => {
  it('trims the IDs, stores them, and an empty one removes the setting', async () => {
    const res = await admin.json('POST', '/api/admin/tracking-settings', {
      googleAnalyticsId: '  G-ABC123XYZ ',
      googleTagManagerId: 'GTM-K9X2ABC',
    });
    expect(res).toEqual({ status: 200, body: { googleAnalyticsId: 'G-ABC123XYZ', googleTagManagerId: 'GTM-K9X2ABC' } });
    expect((await t.get('/api/tracking-settings')).body).toEqual(res.body);
    const cleared = await admin.json('POST', '/api/admin/tracking-settings', { googleAnalyticsId: '   ' });
    expect(cleared.body).toEqual({ googleAnalyticsId: null, googleTagManagerId: null });
  });

  it.each([
    [{ googleAnalyticsId: 'UA-12345-1' }, 'googleAnalyticsId: Google Analytics ID must look like G-XXXXXXXXXX'],
    [
      { googleAnalyticsId: 'G-1"><script>alert(1)</script>' },
      'googleAnalyticsId: Google Analytics ID must look like G-XXXXXXXXXX',
    ],
    [
      { googleTagManagerId: "GTM-1234');alert(1);//" },
      'googleTagManagerId: Google Tag Manager ID must look like GTM-XXXXXXX',
    ],
  ])('refuses %j with 400 and keeps the stored IDs', async (body, message) => {
    await admin.json('POST', '/api/admin/tracking-settings', { googleAnalyticsId: 'G-KEEP1234' });
    const res = await admin.json('POST', '/api/admin/tracking-settings', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect((await t.get('/api/tracking-settings')).body.googleAnalyticsId).toBe('G-KEEP1234');
  });
});

describe('partner links', () => {
  it('creates, edits and deletes; a non-numeric order becomes 0', async () => {
    const created = await admin.json('POST', '/api/admin/partner-links', {
      name: 'Chainlist',
      url: 'https://chainlist.org',
      order: 'abc',
    });
    expect(created.status).toBe(201);
    const link = partnerLinkSchema.parse(created.body);
    expect(link).toMatchObject({ name: 'Chainlist', url: 'https://chainlist.org', order: 0 });
    const edited = await admin.json('PUT', `/api/admin/partner-links/${link.id}`, {
      name: 'Chainlist',
      url: 'https://chainlist.org/',
      order: '7',
    });
    expect(edited.body).toEqual({ id: link.id, name: 'Chainlist', url: 'https://chainlist.org/', order: 7 });
    expect((await t.get('/api/partner-links')).body).toContainEqual(edited.body);
    expect((await admin.json('DELETE', `/api/admin/partner-links/${link.id}`)).body).toEqual({
      id: link.id,
      deleted: true,
    });
    expect(
      (await admin.json('PUT', `/api/admin/partner-links/${link.id}`, { name: 'x', url: 'https://x.io' })).status,
    ).toBe(404);
  });

  it.each([
    [{ name: 'X', url: 'https://x.io', order: -1 }, 'order: Order must be 0 or more'],
    [{ name: 'X', url: 'https://x.io', order: 1.5 }, 'order: Order must be a whole number'],
    [{ name: 'X', url: 'javascript:alert(1)' }, 'url: URL must be an http:// or https:// URL'],
    [{ url: 'https://x.io' }, 'name: Name is required'],
  ])('refuses %j', async (body, message) => {
    const res = await admin.json('POST', '/api/admin/partner-links', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });
});
