import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import {
  aboutSchema,
  adListSchema,
  categoryContentSchema,
  homepageSchema,
  partnerLinkListSchema,
  trackingSettingsSchema,
} from '../../contract/content.ts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

describe('site content', () => {
  it('serves homepage, about and both category pages with empty defaults', async () => {
    homepageSchema.parse((await t.get('/api/homepage')).body);
    aboutSchema.parse((await t.get('/api/about')).body);
    for (const c of ['providers', 'chains']) {
      const res = await t.get(`/api/category/${c}`);
      expect(res.status).toBe(200);
      categoryContentSchema.parse(res.body);
    }
    expect((await t.get('/api/category/users')).status).toBe(400);
  });

  it('lists partner links in order', async () => {
    await t.sql`INSERT INTO partner_links (name, url, sort_order) VALUES ('B', 'https://b.example', 2), ('A', 'https://a.example', 1)`;
    const res = await t.get('/api/partner-links');
    expect(partnerLinkListSchema.parse(res.body).map((l) => [l.name, l.order])).toEqual([
      ['A', 1],
      ['B', 2],
    ]);
  });

  it('serves only active ads of a position and refuses unknown positions', async () => {
    await t.sql`INSERT INTO ads (name, position, ad_code, frequency, is_active)
                VALUES ('on', 'hotlist-inline', '<b>on</b>', '3', true), ('off', 'hotlist-inline', '<b>off</b>', '5', false),
                       ('side', 'sidebar', '<i>side</i>', '5', true)`;
    const inline = adListSchema.parse((await t.get('/api/ads/hotlist-inline')).body);
    expect(inline.map((a) => [a.adCode, a.frequency])).toEqual([['<b>on</b>', '3']]);
    expect(adListSchema.parse((await t.get('/api/ads/sidebar')).body)).toHaveLength(1);
    expect((await t.get('/api/ads/popup')).status).toBe(400);
  });

  it('serves tracking settings', async () => {
    const res = await t.get('/api/tracking-settings');
    expect(trackingSettingsSchema.parse(res.body)).toEqual({ googleAnalyticsId: null, googleTagManagerId: null });
  });

  it('reports database health', async () => {
    expect((await t.get('/healthz')).body).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.get('/api/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found' });
  });
});
