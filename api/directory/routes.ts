// GET /api/directory: the whole public directory in one answer, or (?part=N) in parts of about 256 KB of JSON, for the PWA's
// offline copy (pwa/offline/sync.ts) — a few requests instead of one per provider and chain. Each value is built by the loader of the route it
// stands for, so it is exactly what that path answers. Public data only, the same for every visitor; cached
// like the routes it mirrors: built once per write, then served compressed from memory.
// Not the chains' provider lists (/api/providers/by-chain/{id}): each repeats whole providers of
// /api/providers once per chain they serve (≈ 500,000 copies at 10,000 providers), so the PWA derives them
// from the provider list instead (pwa/offline/by-chain.ts).
import { createRouter } from '../context.ts';
import type { Sql } from '../db/index.ts';
import { cached } from '../middleware/response-cache.ts';
import { loadChainDetail, loadChainList, loadChainSummaries, loadChainsWithStats } from '../chains/service.ts';
import {
  loadAbout,
  loadAds,
  loadCategory,
  loadHomepage,
  loadPartnerLinks,
  loadTrackingSettings,
} from '../content/service.ts';
import { adPositions, categoryNames } from '../../contract/content.ts';
import {
  loadFeaturedProviders,
  loadPopularProviders,
  loadProviderDetail,
  loadProviderList,
} from '../providers/service.ts';
import type { Chain } from '../../contract/chains.ts';
import type { Provider } from '../../contract/providers.ts';
import {
  directoryPartQuerySchema,
  directoryParts,
  directoryPartSchema,
  directorySchema,
  type Directory,
} from '../../contract/directory.ts';
import { HttpError } from '../middleware/errors.ts';
import { validate } from '../middleware/validate.ts';
import { answers } from '../openapi/document.ts';

export function directoryRoutes() {
  const router = createRouter('/api');

  router.get(
    '/directory',
    validate({ query: directoryPartQuerySchema }),
    cached,
    answers(directorySchema.or(directoryPartSchema), 'The whole public directory, or one part of it (?part=N)'),
    async (ctx) => {
      // One build serves the whole answer and every part of it until the next write.
      const { generatedAt, responses, parts } = await ctx.cache.memo('directory', async () => {
        const directory = await loadDirectory(ctx.sql);
        return { ...directory, parts: directoryParts(directory.responses) };
      });
      const { part } = ctx.valid.query;
      if (part === undefined) {
        ctx.body = { generatedAt, responses };
        return;
      }
      if (part >= parts.length) throw new HttpError(404, `The directory has ${parts.length} parts`);
      ctx.body = { generatedAt, part, parts: parts.length, responses: parts[part] };
    },
  );

  return router;
}

type Answer = [path: string, load: () => Promise<unknown>];

/** The answers every page needs whatever the directory holds. */
const listAnswers = (sql: Sql): Answer[] => [
  ['/api/chains', () => loadChainList(sql)],
  ['/api/chains/summary', () => loadChainSummaries(sql)],
  ['/api/chains/with-stats', () => loadChainsWithStats(sql)],
  ['/api/providers', () => loadProviderList(sql)],
  ['/api/providers/popular', () => loadPopularProviders(sql)],
  ['/api/providers/featured', () => loadFeaturedProviders(sql)],
  ['/api/homepage', () => loadHomepage(sql)],
  ['/api/about', () => loadAbout(sql)],
  ...categoryNames.map((c): Answer => [`/api/category/${c}`, () => loadCategory(sql, c)]),
  ['/api/partner-links', () => loadPartnerLinks(sql)],
  ...adPositions.map((p): Answer => [`/api/ads/${p}`, () => loadAds(sql, p)]),
  ['/api/tracking-settings', () => loadTrackingSettings(sql)],
];

/** Each provider's and chain's details, at the paths the pages request. */
const entityAnswers = (sql: Sql, providers: Provider[], chains: Chain[]): Answer[] => [
  ...providers.map((p): Answer => [
    `/api/providers/${encodeURIComponent(p.slug)}`,
    () => loadProviderDetail(sql, p.slug),
  ]),
  ...chains.map((c): Answer => [`/api/chains/${encodeURIComponent(c.slug)}`, () => loadChainDetail(sql, c.slug)]),
];

/**
 * Answers built at once. Few, so a page's own request is not queued behind hundreds of the directory's
 * queries (the embedded database runs one query at a time; its pool has 4 connections).
 */
const BUILD_CONCURRENCY = 2;

/**
 * Loads `answers` into `responses`, BUILD_CONCURRENCY at a time, in their order. An unknown entity (deleted
 * while the directory is built) is left out, as its route would answer 404; the write that deleted it also
 * keeps this answer out of the response cache, so the next request rebuilds it whole.
 */
async function collect(answers: Answer[], responses: Record<string, unknown>): Promise<void> {
  const values: unknown[] = new Array(answers.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < answers.length; i = next++) values[i] = await answers[i][1]();
  };
  await Promise.all(Array.from({ length: Math.min(BUILD_CONCURRENCY, answers.length) }, worker));
  answers.forEach(([path], i) => {
    if (values[i] !== undefined) responses[path] = values[i];
  });
}

/** The lists and content, then every provider and chain read from those lists. */
export async function loadDirectory(sql: Sql): Promise<Directory> {
  const responses: Record<string, unknown> = {};
  await collect(listAnswers(sql), responses);
  await collect(
    entityAnswers(sql, responses['/api/providers'] as Provider[], responses['/api/chains'] as Chain[]),
    responses,
  );
  return { generatedAt: new Date().toISOString(), responses };
}
