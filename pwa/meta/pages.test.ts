// Unit tests of the pages' metadata. How the tags are written into pages (escaped) is api/web/web.test.ts's.
import { describe, expect, it } from 'vitest';
import type { ChainDetail } from '../../contract/chains.ts';
import type { ProviderDetail, UserReview } from '../../contract/providers.ts';
import { pageHead } from '../lib/page-head.ts';
import { ADMIN_ROBOTS, DEFAULT_ROBOTS, type PageMeta } from './page-meta.ts';
import {
  metaForAbout,
  metaForAdmin,
  metaForChain,
  metaForChains,
  metaForContact,
  metaForHome,
  metaForLanding,
  metaForLogin,
  metaForNotFound,
  metaForPrivacy,
  metaForProvider,
  metaForProviders,
  metaForSearch,
  metaForTerms,
} from './pages.ts';
import { stripHtml, truncate } from './text.ts';

const BASE = 'https://atlas.example';

const seo = { metaTitle: null, metaDescription: null, ogTitle: null, ogDescription: null, ogImage: null };

function review(i: number, over: Partial<UserReview> = {}): UserReview {
  return {
    id: i,
    rating: (i % 5) + 1,
    comment: `Comment ${i} `.repeat(30),
    createdAt: `2025-01-${String((i % 28) + 1).padStart(2, '0')}T10:00:00.000Z`,
    updatedAt: '2025-02-01T00:00:00.000Z',
    isAnonymous: false,
    isApproved: true,
    user: { displayName: `User ${i}`, firstName: null, lastName: null, profileImageUrl: null },
    ...over,
  };
}

function provider(over: Partial<ProviderDetail> = {}): ProviderDetail {
  return {
    id: 7,
    name: 'Acme RPC',
    slug: 'acme-rpc',
    description: 'Fast nodes for every chain.',
    website: 'https://acme.example',
    affiliateUrl: null,
    logoUrl: '/objects/logo-1',
    iconUrl: null,
    color: '#3b82f6',
    twitterUrl: 'https://x.com/acme',
    discordUrl: null,
    telegramUrl: 'javascript:alert(1)',
    githubUrl: null,
    linkedinUrl: null,
    ...seo,
    nofollowLinks: false,
    cloakedLinks: false,
    featured: false,
    averageRating: 4.25,
    totalReviews: 12,
    upvotes: 0,
    downvotes: 0,
    popularityScore: 3,
    tracking: 'none',
    privacyPolicyUrl: null,
    chainIds: [],
    updatedAt: '2025-03-01T00:00:00.000Z',
    detailedDescription: '',
    chains: [],
    userReviews: Array.from({ length: 12 }, (_, i) => review(i + 1)),
    editorialReview: {
      rating: 4,
      content: `<p>Solid <strong>choice</strong> &amp; fast.</p><script>alert(1)</script>${'<p>More text.</p>'.repeat(40)}`,
      createdAt: '2025-01-05T00:00:00.000Z',
      updatedAt: '2025-01-06T00:00:00.000Z',
      admin: null,
    },
    rpcEndpoints: [],
    ...over,
  };
}

function chain(over: Partial<ChainDetail> = {}): ChainDetail {
  return {
    id: 1,
    name: 'Base',
    slug: 'base',
    iconUrl: 'https://cdn.example/base.png',
    color: '#0052ff',
    title: null,
    description: 'An Ethereum L2.',
    detailedDescription: '',
    websiteUrl: null,
    twitterUrl: null,
    discordUrl: null,
    telegramUrl: null,
    githubUrl: null,
    linkedinUrl: null,
    ...seo,
    evmChainId: 8453,
    shortName: 'base',
    nativeCurrency: null,
    explorers: [],
    isTestnet: false,
    status: 'active',
    parentChainId: null,
    totalUpvotes: 0,
    totalDownvotes: 0,
    updatedAt: '2025-01-01T00:00:00.000Z',
    providerCount: 2,
    averageRating: 0,
    endpointsHealthy: 0,
    endpointsChecked: 0,
    endpointsPublic: 0,
    parentChain: null,
    rpcEndpoints: [],
    ethereumLists: null,
    ...over,
  };
}

const ofType = (meta: PageMeta, type: string) =>
  meta.jsonLd.find((o) => (o as { '@type': string })['@type'] === type) as any;

describe('text helpers', () => {
  it('truncate cuts to the limit with an ellipsis and leaves short text alone', () => {
    expect(truncate('short', 10)).toBe('short');
    const cut = truncate('x'.repeat(150), 100);
    expect(cut).toHaveLength(100);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('stripHtml drops tags and script bodies and decodes entities', () => {
    expect(stripHtml('<p>A &amp; B</p><script>evil()</script><br>C&#39;s &#x263A;')).toBe("A & B C's ☺");
  });
});

describe('defaults', () => {
  it('home uses the Hotlist title, default robots and the site as canonical', () => {
    const m = metaForHome(BASE + '/', undefined, [{ name: 'Acme', slug: 'acme' }]);
    expect(m.title).toBe('RPC Atlas Hotlist');
    expect(m.robots).toBe(DEFAULT_ROBOTS);
    expect(m.robots).toBe('index, follow, max-snippet:-1, max-image-preview:large, max-video-preview:-1');
    expect(m.canonical).toBe(`${BASE}/`);
    expect(m.description.length).toBeGreaterThan(50);
    expect(ofType(m, 'WebSite').potentialAction.target.urlTemplate).toBe(`${BASE}/search?q={search_term_string}`);
    expect(ofType(m, 'ItemList').itemListElement[0]).toEqual({
      '@type': 'ListItem',
      position: 1,
      name: 'Acme',
      url: `${BASE}/providers/acme`,
    });
    expect(ofType(m, 'BreadcrumbList').itemListElement).toHaveLength(1);
  });

  it('homepage settings win over the defaults', () => {
    const m = metaForHome(BASE, {
      title: 'Hot',
      introText: '',
      seoText: '',
      metaTitle: 'Meta T',
      metaDescription: 'Meta D',
      ogTitle: 'OG T',
      ogDescription: 'OG D',
      ogImage: 'https://img.example/og.png',
    });
    expect(m).toMatchObject({
      title: 'Meta T',
      description: 'Meta D',
      ogTitle: 'OG T',
      ogDescription: 'OG D',
      ogImage: 'https://img.example/og.png',
      twitterCard: 'summary_large_image',
    });
  });

  it('og fields fall back to the title and description', () => {
    const m = metaForProviders(BASE, { title: '', contentHtml: '', ...seo, metaTitle: 'Providers meta' }, []);
    expect(m.ogTitle).toBe('Providers meta');
    expect(m.ogDescription).toBe(m.description);
    expect(m.ogImage).toBe(`${BASE}/icons/icon-512.png`);
    expect(m.twitterCard).toBe('summary');
  });

  it('static pages, not-found and admin', () => {
    for (const [fn, path] of [
      [metaForLogin, '/login'],
      [metaForTerms, '/terms'],
      [metaForPrivacy, '/privacy'],
      [metaForContact, '/contact'],
      [metaForLanding, '/landing'],
    ] as const) {
      const m = fn(BASE);
      expect(m.canonical).toBe(BASE + path);
      expect(m.robots).toBe(DEFAULT_ROBOTS);
      expect(ofType(m, 'BreadcrumbList').itemListElement.at(-1).item).toBe(BASE + path);
    }
    expect(metaForNotFound(BASE, '/nope').robots).toBe('noindex');
    expect(metaForAdmin(BASE).robots).toBe(ADMIN_ROBOTS);
    expect(metaForAbout(BASE, undefined).title).toBe('About RPC Atlas Directory');
    expect(
      metaForAbout(BASE, { title: 'Our story', content: '<p>We list <b>providers</b>.</p>', ...seo }),
    ).toMatchObject({ title: 'Our story | RPC Atlas Directory', description: 'We list providers.' });
  });

  it('item lists name at most 100 items but count them all', () => {
    const many = Array.from({ length: 250 }, (_, i) => ({ name: `P${i}`, slug: `p-${i}` }));
    const list = ofType(metaForProviders(BASE, undefined, many), 'ItemList');
    expect(list.numberOfItems).toBe(250);
    expect(list.itemListElement).toHaveLength(100);
    expect(list.itemListElement[99]).toMatchObject({ position: 100, name: 'P99' });
  });

  it('search with a term is not indexed and lists its results', () => {
    expect(metaForSearch(BASE, '').robots).toBe(DEFAULT_ROBOTS);
    const m = metaForSearch(BASE, 'eth', { providers: [], chains: [chain() as any] });
    expect(m.robots).toBe('noindex, follow');
    expect(ofType(m, 'ItemList').numberOfItems).toBe(1);
  });
});

describe('provider detail', () => {
  it('computes rating, up to 10 user reviews cut to 100, editorial cut to 200 without HTML', () => {
    const m = metaForProvider(BASE, provider());
    expect(m.title).toBe('Acme RPC RPC Reviews & Ratings | RPC Atlas Directory');
    expect(m.description).toBe('Fast nodes for every chain. Rated 4.3/5 from 12 reviews.');
    expect(m.canonical).toBe(`${BASE}/providers/acme-rpc`);
    expect(m.ogImage).toBe(`${BASE}/objects/logo-1`);
    const long = metaForProvider(BASE, provider({ description: 'word '.repeat(100) })).description;
    expect(long.length).toBeLessThanOrEqual(160);
    expect(long.length).toBeGreaterThan(150);
    expect(long.endsWith('… Rated 4.3/5 from 12 reviews.')).toBe(true);
    const product = ofType(m, 'Product');
    expect(product.aggregateRating).toMatchObject({ ratingValue: 4.25, reviewCount: 12, bestRating: 5 });
    const [editorial, ...users] = product.review;
    expect(users).toHaveLength(10);
    expect(users.every((r: any) => r.reviewBody.length <= 100)).toBe(true);
    expect(users[0].author).toEqual({ '@type': 'Person', name: 'User 1' });
    expect(editorial.author['@type']).toBe('Organization');
    expect(editorial.reviewBody.length).toBe(200);
    expect(editorial.reviewBody.startsWith('Solid choice & fast. More text.')).toBe(true);
    expect(editorial.reviewBody).not.toMatch(/[<>]|alert/);
    // A javascript: social link never reaches the markup.
    expect(product.brand.sameAs).toEqual(['https://x.com/acme']);
    expect(ofType(m, 'BreadcrumbList').itemListElement.map((i: any) => i.name)).toEqual([
      'Home',
      'Providers',
      'Acme RPC',
    ]);
  });

  it('leaves out the rating when unrated and lets admin SEO fields win', () => {
    const m = metaForProvider(
      BASE,
      provider({
        totalReviews: 0,
        averageRating: 0,
        userReviews: [],
        editorialReview: null,
        metaTitle: 'Acme — best',
        metaDescription: 'Admin text',
        ogTitle: 'Share me',
        ogImage: 'https://img.example/a.png',
      }),
    );
    expect(m).toMatchObject({
      title: 'Acme — best',
      description: 'Admin text',
      ogTitle: 'Share me',
      ogDescription: 'Admin text',
      ogImage: 'https://img.example/a.png',
    });
    expect(ofType(m, 'Product')).toBeUndefined();
    const org = ofType(m, 'Organization');
    expect(org).toMatchObject({ name: 'Acme RPC', url: 'https://acme.example', logo: `${BASE}/objects/logo-1` });
    expect(org.aggregateRating).toBeUndefined();
  });

  it('anonymous reviews and reviews without text stay valid', () => {
    const m = metaForProvider(
      BASE,
      provider({ editorialReview: null, userReviews: [review(1, { isAnonymous: true, comment: null })] }),
    );
    const [r] = ofType(m, 'Product').review;
    expect(r.author.name).toBe('Anonymous');
    expect(r.reviewBody).toBeUndefined();
  });
});

describe('chains', () => {
  it('list and detail carry item lists and breadcrumbs; chain SEO fields win', () => {
    const list = metaForChains(BASE, undefined, [
      { name: 'Base', slug: 'base' },
      { name: 'Ethereum', slug: 'ethereum' },
    ]);
    expect(list.title).toBe('All Blockchain Networks | RPC Atlas Directory');
    expect(ofType(list, 'ItemList').itemListElement).toHaveLength(2);
    const detail = metaForChain(BASE, chain({ metaTitle: 'Base RPC' }), [{ name: 'Acme', slug: 'acme' }]);
    expect(detail).toMatchObject({
      title: 'Base RPC',
      canonical: `${BASE}/chains/base`,
      ogImage: 'https://cdn.example/base.png',
    });
    expect(ofType(detail, 'ItemList').itemListElement[0].url).toBe(`${BASE}/providers/acme`);
  });
  it('shares the app icon, not a chain icon in SVG (social cards do not show SVG)', () => {
    expect(metaForChain(BASE, chain({ iconUrl: '/chain-icons/base.svg' })).ogImage).toBe(`${BASE}/icons/icon-512.png`);
  });
});

describe('pageHead', () => {
  it('lists every tag for the router: the title, named and Open Graph tags, JSON-LD, the canonical link', () => {
    const m = metaForProvider(BASE, provider());
    const head = pageHead(m);
    expect(head.meta[0]).toEqual({ title: m.title });
    expect(head.meta).toEqual(
      expect.arrayContaining([
        { name: 'description', content: m.description },
        { name: 'robots', content: m.robots },
        { property: 'og:title', content: m.ogTitle },
        { property: 'og:url', content: m.canonical },
        { property: 'og:image', content: m.ogImage },
        { name: 'twitter:card', content: m.twitterCard },
      ]),
    );
    expect(head.meta.flatMap((t) => ('script:ld+json' in t ? [t['script:ld+json']] : []))).toEqual(m.jsonLd);
    expect(head.links).toEqual([{ rel: 'canonical', href: m.canonical }]);
  });

  it('names no image where the page has none', () => {
    const head = pageHead({ ...metaForTerms(BASE), ogImage: undefined });
    expect(head.meta.some((t) => 'property' in t && t.property === 'og:image')).toBe(false);
    expect(head.meta.some((t) => 'name' in t && t.name === 'twitter:image')).toBe(false);
  });
});
