// @vitest-environment jsdom
// Tracking snippets: only strictly formatted IDs ever reach the page; the browser side follows setting changes.
import { beforeEach, describe, expect, it } from 'vitest';
import { applyTracking, renderTrackingBody, renderTrackingHead, trackingIds } from './tracking.ts';

describe('trackingIds', () => {
  it('trims, leaves out empty IDs and refuses anything not in the strict format', () => {
    expect(trackingIds({ googleAnalyticsId: '  G-ABC123 ', googleTagManagerId: ' GTM-XYZ9 ' })).toEqual({
      ga: 'G-ABC123',
      gtm: 'GTM-XYZ9',
    });
    expect(trackingIds({ googleAnalyticsId: '', googleTagManagerId: null })).toEqual({});
    expect(trackingIds(null)).toEqual({});
    for (const bad of ['G-abc', "G-1');alert(1);//", 'UA-1234-5', 'G-<script>', 'GTM-1"><script>', 'G-']) {
      expect(trackingIds({ googleAnalyticsId: bad, googleTagManagerId: bad }), bad).toEqual({});
    }
  });
});

describe('server rendering', () => {
  it('renders the same scripts for every response (no nonce) and the GTM frame in a hidden no-script element', () => {
    const head = renderTrackingHead({ ga: 'G-ABC123', gtm: 'GTM-XYZ9' });
    expect(head.match(/<script /g)).toHaveLength(3);
    expect(head).not.toContain('nonce');
    expect(renderTrackingBody({ gtm: 'GTM-XYZ9' })).toBe(
      '<noscript data-tracking="gtm"><iframe src="https://www.googletagmanager.com/ns.html?id=GTM-XYZ9" height="0" width="0" hidden></iframe></noscript>',
    );
    expect(renderTrackingHead({}) + renderTrackingBody({})).toBe('');
  });
});

describe('applyTracking (browser)', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    document.body.innerHTML = '<div id="root"></div>';
  });

  const tracked = () =>
    Array.from(document.querySelectorAll('[data-tracking]')).map(
      (el) =>
        `${el.getAttribute('data-tracking')}:${
          el.tagName === 'NOSCRIPT' ? 'frame' : (el.getAttribute('src') ?? el.textContent!.match(/"(G[^"]+)"/)?.[1])
        }`,
    );

  it('adds the snippets of a shell without them, and leaves server-rendered ones alone', () => {
    applyTracking(document, { googleAnalyticsId: 'G-ABC123', googleTagManagerId: 'GTM-XYZ9' });
    expect(tracked()).toEqual([
      'gtm:GTM-XYZ9',
      'ga:https://www.googletagmanager.com/gtag/js?id=G-ABC123',
      'ga:G-ABC123',
    ]);

    document.head.innerHTML = renderTrackingHead({ ga: 'G-ABC123' });
    const before = document.head.innerHTML;
    applyTracking(document, { googleAnalyticsId: 'G-ABC123', googleTagManagerId: null });
    expect(document.head.innerHTML).toBe(before); // same settings: the server's scripts stay
  });

  it('replaces the snippets when an ID changes and removes them when it is cleared', () => {
    document.head.innerHTML = renderTrackingHead({ ga: 'G-OLD1', gtm: 'GTM-OLD1' });
    document.body.insertAdjacentHTML('afterbegin', renderTrackingBody({ gtm: 'GTM-OLD1' }));
    applyTracking(document, { googleAnalyticsId: 'G-NEW2', googleTagManagerId: 'GTM-OLD1' });
    expect(tracked()).toEqual([
      'gtm:GTM-OLD1',
      'ga:https://www.googletagmanager.com/gtag/js?id=G-NEW2',
      'ga:G-NEW2',
      'gtm:frame',
    ]);
    applyTracking(document, { googleAnalyticsId: '', googleTagManagerId: null });
    expect(tracked()).toEqual([]);
  });
});
