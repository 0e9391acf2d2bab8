// Which page a URL is and its metadata, from the same queries and presenters as the API, memoised in the
// response cache until the next write (so rendering a page head costs at most what its API call costs).
import type { AppCtx } from '../context.ts';
import { loadChainDetail } from '../chains/routes.ts';
import { presentAbout, presentCategory, presentHomepage } from '../content/presenter.ts';
import { loadProviderDetail } from '../providers/routes.ts';
import { runSearch } from '../search/routes.ts';
import { searchQuerySchema } from '../search/schema.ts';
import {
  metaForAbout, metaForAdmin, metaForChain, metaForChains, metaForContact, metaForHome, metaForLanding, metaForLogin,
  metaForNotFound, metaForPrivacy, metaForProvider, metaForProviders, metaForSearch, metaForTerms, type PageMeta,
} from '../../contract/meta.ts';
import { listChains } from '../../sql/queries/chains.ts';
import { getAbout, getCategoryContent, getHomepage } from '../../sql/queries/content.ts';
import { listProviders, listProvidersByChain } from '../../sql/queries/providers.ts';

export type Page = { status: 200 | 404; meta: PageMeta };

// Same rule as the slug CHECK constraints: anything else cannot exist, so it costs no query.
const SLUG = '([a-z0-9]+(?:-[a-z0-9]+)*)';
const PROVIDER_PATH = new RegExp(`^/providers/${SLUG}$`);
const CHAIN_PATH = new RegExp(`^/chains/${SLUG}$`);

/** The metadata of the app page at `path` (404 with not-found metadata for anything that is not one). */
export async function resolvePage(ctx: AppCtx): Promise<Page> {
  const base = ctx.config.publicUrl;
  const memo = ctx.cache.memo;
  // "/providers/" is "/providers": one canonical URL per page.
  const path = ctx.path.length > 1 ? ctx.path.replace(/\/$/, '') : ctx.path;
  const ok = (meta: PageMeta): Page => ({ status: 200, meta });
  const notFound = (): Page => ({ status: 404, meta: metaForNotFound(base, path) });

  switch (path) {
    case '/':
      return ok(await memo('page:/', async () => {
        const [homepage, providers] = await Promise.all([getHomepage(ctx.sql), listProviders(ctx.sql)]);
        return metaForHome(base, presentHomepage(homepage), providers);
      }));
    case '/providers':
      return ok(await memo('page:/providers', async () => {
        const [category, providers] = await Promise.all([getCategoryContent(ctx.sql, 'providers'), listProviders(ctx.sql)]);
        return metaForProviders(base, presentCategory(category), providers);
      }));
    case '/chains':
      return ok(await memo('page:/chains', async () => {
        const [category, chains] = await Promise.all([getCategoryContent(ctx.sql, 'chains'), listChains(ctx.sql)]);
        return metaForChains(base, presentCategory(category), chains);
      }));
    case '/search': {
      // Search terms are unbounded, so search heads are not memoised (the query is the API's own).
      const parsed = searchQuerySchema.safeParse({ q: typeof ctx.query.q === 'string' ? ctx.query.q : undefined });
      const q = parsed.success ? parsed.data.q : '';
      return ok(metaForSearch(base, q, q ? await runSearch(ctx.sql, q) : undefined));
    }
    case '/about':
      return ok(await memo('page:/about', async () => metaForAbout(base, presentAbout(await getAbout(ctx.sql)))));
    case '/login': return ok(metaForLogin(base));
    case '/terms': return ok(metaForTerms(base));
    case '/privacy': return ok(metaForPrivacy(base));
    case '/contact': return ok(metaForContact(base));
    case '/landing': return ok(metaForLanding(base));
    case '/admin': return ok(metaForAdmin(base));
  }

  const providerSlug = PROVIDER_PATH.exec(path)?.[1];
  if (providerSlug) {
    const meta = await memo(`page:/providers/${providerSlug}`, async () => {
      const detail = await loadProviderDetail(ctx.sql, providerSlug);
      return detail && metaForProvider(base, detail);
    });
    return meta ? ok(meta) : notFound();
  }

  const chainSlug = CHAIN_PATH.exec(path)?.[1];
  if (chainSlug) {
    const meta = await memo(`page:/chains/${chainSlug}`, async () => {
      const detail = await loadChainDetail(ctx.sql, chainSlug);
      return detail && metaForChain(base, detail, await listProvidersByChain(ctx.sql, detail.id));
    });
    return meta ? ok(meta) : notFound();
  }

  return notFound();
}
