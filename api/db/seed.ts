// Loads the shipped dataset (data/*.json: 139 chains, 59 providers, 1,806 public RPC endpoints, 363 provider-chain
// links with an API key, the sourced provider facts) into an empty database, once. Re-running it never duplicates anything.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Queryable, Sql } from './index.ts';
import { providerFactsSchema } from '../../contract/facts.ts';

const DATA_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../data');

const datasetChain = z.object({
  name: z.string(),
  title: z.string().nullable(),
  slug: z.string(),
  chainId: z.number().int(),
  shortName: z.string(),
  ethereumListsChain: z.string(),
  networkId: z.number().int(),
  faucets: z.array(z.string()),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }),
  infoUrl: z.string(),
  explorers: z.array(z.object({ name: z.string(), url: z.string() })),
  isTestnet: z.boolean(),
  status: z.string(),
  parentChainSlug: z.string().nullable(),
  description: z.string(),
  publicRpcs: z.array(
    z.object({
      url: z.string(),
      provider: z.string().nullable(),
      tracking: z.enum(['none', 'limited', 'yes', 'unspecified']),
      needsApiKey: z.boolean(),
      source: z.string(),
    }),
  ),
});

const datasetProvider = z.object({
  name: z.string(),
  slug: z.string(),
  website: z.string(),
  description: z.string(),
  chains: z.array(z.string()),
  tracking: z.enum(['none', 'limited', 'yes', 'mixed', 'unspecified']),
  privacyPolicyUrl: z.string().nullable(),
  hostDomains: z.array(z.string()),
});

/** data/provider-coverage.json (made by data/provider-coverage.mjs): chains served with an API key, by package. */
const providerCoverage = z.object({
  providers: z.record(
    z.string(),
    z.object({
      links: z.array(
        z.object({
          chainId: z.number().int(),
          kind: z.literal('api-key'),
          urlTemplates: z.array(z.string()),
          source: z.string(),
        }),
      ),
    }),
  ),
});

/**
 * data/provider-docs-coverage.json (made by data/build.mjs): chains served with an API key by the providers' own
 * documentation, and the date of every coverage source (npm package versions and documentation commits).
 */
const providerDocsCoverage = providerCoverage.extend({
  sources: z.record(z.string(), z.object({ url: z.string(), asOf: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) })),
});

/** data/chain-icons.json (made by data/chain-icons.mjs): the shipped icon of a chain, served from public/. */
const chainIconTable = z.object({
  urlPrefix: z.string(),
  icons: z.array(z.object({ chainId: z.number().int(), file: z.string() })),
});

/** data/provider-facts.json (made by data/build.mjs): facts stated by a source, each with its URL and date. */
const shippedFacts = z.object({ providers: z.record(z.string(), providerFactsSchema) });

export function readDataset(dir = DATA_DIR) {
  const read = (file: string) => JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const icons = chainIconTable.parse(read('chain-icons.json'));
  return {
    chains: z.array(datasetChain).parse(read('chains.json')),
    providers: z.array(datasetProvider).parse(read('providers.json')),
    chainIconUrls: new Map(icons.icons.map((i) => [i.chainId, `${icons.urlPrefix}${i.file}`])),
    coverage: providerCoverage.parse(read('provider-coverage.json')).providers,
    docsCoverage: providerDocsCoverage.parse(read('provider-docs-coverage.json')),
    facts: shippedFacts.parse(read('provider-facts.json')).providers,
  };
}

/** Loads the dataset when the directory is empty. Returns true when it loaded. */
export async function seedIfEmpty(sql: Sql, dir = DATA_DIR): Promise<boolean> {
  const hasData = async (q: Queryable) =>
    (await q<{ any: boolean }[]>`SELECT EXISTS (SELECT FROM chains) OR EXISTS (SELECT FROM providers) AS any`)[0].any;
  // A database that holds data is left as it is without reading the dataset or taking the lock (every restart).
  if (await hasData(sql)) return false;
  const { chains, providers, chainIconUrls, coverage, docsCoverage, facts } = readDataset(dir);
  return sql.begin(async (tx) => {
    await tx`SELECT pg_advisory_xact_lock(727275)`; // one seeder at a time
    if (await hasData(tx)) return false;
    // The first load of the dataset is not a change: the change log's triggers skip it.
    await tx`SELECT set_config('rpc_atlas.seeding', 'on', true)`;

    const chainIds = new Map<string, number>();
    for (const [rank, c] of chains.entries()) {
      const [row] = await tx<{ id: number }[]>`
        INSERT INTO chains (name, slug, title, description, website_url, evm_chain_id, short_name,
                            native_currency, explorers, is_testnet, status, sort_rank, icon_url, ethereum_lists)
        VALUES (${c.name}, ${c.slug}, ${c.title}, ${c.description}, ${c.infoUrl}, ${c.chainId}, ${c.shortName},
                ${tx.json(c.nativeCurrency)}, ${tx.json(c.explorers)}, ${c.isTestnet}, ${c.status}, ${rank},
                ${chainIconUrls.get(c.chainId) ?? null},
                ${tx.json({ chain: c.ethereumListsChain, networkId: c.networkId, faucets: c.faucets })})
        RETURNING id`;
      chainIds.set(c.slug, row.id);
    }
    for (const c of chains) {
      if (c.parentChainSlug && chainIds.has(c.parentChainSlug)) {
        await tx`UPDATE chains SET parent_chain_id = ${chainIds.get(c.parentChainSlug)!} WHERE id = ${chainIds.get(c.slug)!}`;
      }
    }

    const providerIds = new Map<string, number>();
    for (const [rank, p] of providers.entries()) {
      const [row] = await tx<{ id: number }[]>`
        INSERT INTO providers (name, slug, description, website, privacy_policy_url, tracking, sort_rank)
        VALUES (${p.name}, ${p.slug}, ${p.description}, ${p.website}, ${p.privacyPolicyUrl}, ${p.tracking}, ${rank})
        RETURNING id`;
      providerIds.set(p.slug, row.id);
    }

    const publicLinks = providers.flatMap((p) =>
      p.chains.map((slug) => ({
        provider_id: providerIds.get(p.slug)!,
        chain_id: chainIds.get(slug)!,
        kind: 'public-endpoint',
        source: 'dataset',
        url_templates: [] as string[],
        as_of: null as string | null,
      })),
    );
    // Sourced links match chains by EVM chain id, as the coverage files were made; each carries its source's date.
    const chainIdsByEvmId = new Map(chains.map((c) => [c.chainId, chainIds.get(c.slug)!]));
    const sourced = [...Object.entries(coverage), ...Object.entries(docsCoverage.providers)];
    const sourceDate = (source: string) => {
      const asOf = docsCoverage.sources[source]?.asOf;
      if (!asOf) throw new Error(`coverage source ${source} has no date (data/sources/npm-packages.json)`);
      return asOf;
    };
    const keyLinks = sourced.flatMap(([slug, { links }]) => {
      const providerId = providerIds.get(slug);
      return providerId === undefined
        ? []
        : links.flatMap((l) => {
            const chainId = chainIdsByEvmId.get(l.chainId);
            return chainId === undefined
              ? []
              : [
                  {
                    provider_id: providerId,
                    chain_id: chainId,
                    kind: l.kind,
                    source: l.source,
                    url_templates: l.urlTemplates,
                    as_of: sourceDate(l.source),
                  },
                ];
          });
    });
    for (const links of [publicLinks, keyLinks]) {
      if (links.length) await tx`INSERT INTO provider_chains ${tx(links)}`;
    }

    const factRows = Object.entries(facts).flatMap(([slug, named]) =>
      Object.entries(named).map(([fact, f]) => ({
        provider_id: providerIds.get(slug)!,
        fact,
        value: tx.json(f.value),
        note: f.note,
        source_url: f.sourceUrl,
        as_of: f.asOf,
      })),
    );
    if (factRows.length) await tx`INSERT INTO provider_facts ${tx(factRows)}`;

    const endpoints = chains.flatMap((c) =>
      c.publicRpcs.map((r, position) => ({
        chain_id: chainIds.get(c.slug)!,
        url: r.url,
        provider_id: r.provider ? (providerIds.get(r.provider) ?? null) : null,
        tracking: r.tracking,
        needs_api_key: r.needsApiKey,
        source: r.source,
        position,
      })),
    );
    // Batches keep each statement's parameter count well under the protocol limit.
    for (let i = 0; i < endpoints.length; i += 500) {
      await tx`INSERT INTO chain_rpc_endpoints ${tx(endpoints.slice(i, i + 500))}`;
    }
    return true;
  });
}
