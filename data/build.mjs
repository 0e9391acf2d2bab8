// Rebuilds, from the snapshots kept under data/sources/, deterministically (same snapshots, same files):
// - data/provider-facts.json, the providers' sourced facts (Chain.Love, below);
// - data/provider-docs-coverage.json, the networks Infura, Chainstack, Ankr and GetBlock serve with an API key, read
//   from their own documentation (docsCoverage, further down), and the date of every coverage source the dataset
//   cites.
// Run with `npm run data:build`.
//
// Chain.Love (data/sources/chain-love/): its `references/offers/apis.csv` lists each provider's plans (type, price,
// archive or pruned data, APIs, limits, SLA, regions). A provider is matched to ours by its website's host, never by
// name. Only what a plan row says is stated, each fact citing the file at its commit and dated by the commit:
// - freeTier: true when it lists a plan of type Free (note: that plan's limits);
// - startingPrice: the lowest "$N/mo" of its Tiered plans (note: the plan and its price as written);
// - archive: true when a plan serves Archive data;
// - trace: true when a plan's APIs include trace or debug methods (note: which);
// - sla: true when a plan states an uptime percentage (note: the highest and the plans);
// - regions: the regions its plans name.
// A plan list that does not mention something says nothing about it: no fact is ever set to false from silence.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';

const DATA = path.dirname(fileURLToPath(import.meta.url));
const read = (...p) => readFileSync(path.join(DATA, ...p), 'utf8');
const csv = (text) => parse(text, { columns: true, skip_empty_lines: true });
const host = (url) => (url ? new URL(url).hostname.replace(/^www\./, '') : null);
/** A cell holding a JSON array (Chain.Love writes lists so), or none. */
const list = (cell) => (cell && cell !== 'NULL' ? JSON.parse(cell) : []);

function chainLoveFacts(ourProviders) {
  const source = JSON.parse(read('sources/chain-love/SOURCE.json'));
  const sourceUrl = `https://github.com/Chain-Love/chain-love/blob/${source.commit}/${source.files['apis.csv']}`;
  const asOf = source.commitDate;
  const fact = (value, note = null) => ({ value, note, sourceUrl, asOf });

  // Their plan rows name the provider as its providers.csv `name`; its website's host is what we match on.
  const hostByName = new Map(csv(read('sources/chain-love/providers.csv')).map((p) => [p.name, host(p.website)]));
  const plans = csv(read('sources/chain-love/apis.csv')).filter((r) => r.apiType === 'RPC');
  const out = {};
  for (const ours of ourProviders) {
    const rows = plans.filter((r) => hostByName.get(r.provider) === host(ours.website));
    if (!rows.length) continue;
    const facts = {};
    const free = rows.find((r) => r.planType === 'Free');
    if (free) facts.freeTier = fact(true, list(free.limitations).join(', ') || null);
    const priced = rows
      .filter((r) => r.planType === 'Tiered')
      .flatMap((r) => [...r.accessPrice.matchAll(/\$([\d,.]+)\s*\/\s*mo/g)].map((m) => ({ r, usd: Number(m[1].replace(/,/g, '')) })))
      .filter((p) => p.usd > 0)
      .sort((a, b) => a.usd - b.usd);
    if (priced.length) {
      const { r, usd } = priced[0];
      facts.startingPrice = fact(usd, `${r.planName || r.planType} plan: ${r.accessPrice}`);
    }
    if (rows.some((r) => r.historicalData === 'Archive')) facts.archive = fact(true);
    const traceApis = [
      ...new Set(
        rows.flatMap((r) => list(r.availableApis).flatMap((a) => /^\[?(trace|debug)/.exec(a)?.[1] ?? [])),
      ),
    ].sort();
    if (traceApis.length) facts.trace = fact(true, `${traceApis.join(', ')} methods listed`);
    const slas = rows.filter((r) => /^\d+(\.\d+)?%$/.test(r.uptimeSla));
    if (slas.length) {
      const best = slas.map((r) => r.uptimeSla).sort((a, b) => parseFloat(b) - parseFloat(a))[0];
      const planTypes = [...new Set(slas.filter((r) => r.uptimeSla === best).map((r) => r.planName || r.planType))];
      facts.sla = fact(true, `${best} uptime (${planTypes.sort().join(', ')})`);
    }
    const regions = [...new Set(rows.flatMap((r) => list(r.regions)))].sort();
    if (regions.length) facts.regions = fact(regions.join(', '));
    if (Object.keys(facts).length) out[ours.slug] = facts;
  }
  return out;
}

// Coverage from the providers' own documentation (data/sources/<provider>/, each with its SOURCE.json). Each snapshot
// names networks; data/sources/network-chain-ids.json, a reviewed table, matches each one to an EVM chain id (stated
// by the documentation, or the one chain of the directory's chain list that is that network) or says why it cannot.
// A network becomes a link only when its chain id is a chain of data/chains.json; every other one is listed under
// `unmatched` with its reason. The build stops when the snapshot and the table disagree (a network one names and the
// other does not), when a 'doc' row's chain id is not stated in the excerpt, or when a 'chain list' row names a chain
// other than the one data/chains.json has at that id: a new snapshot needs the table reviewed before it is used.
// - Infura (endpoints.md, its "All endpoints" page): a network is a row of a section's table; its address formats
//   are the table's URLs with <YOUR-API-KEY> as {API_KEY}, except those not on an infura.io host (the page writes
//   two WebSocket addresses as `…-mainnet.io/ws/…`, which are not Infura's).
// - Chainstack (its nodes availability master list): a network is served when the list gives it at least one node
//   location (Global, Trader or Dedicated); a protocol named with no location (deployed on request) is `notCounted`.
//   The list gives no address formats.
// - Ankr (its chains list page): a section's networks are its Networks list; the table's `urls` are addresses the
//   page gives for that network, {your_token} standing for the key.
// - GetBlock (its API reference, one page per network): a page's networks are the rows of its tables whose first
//   column is Network, and the Network Name of its Property table; a page with neither is `notCounted`. The pages
//   give no address formats (one shared host per region, the key in the path).
const KEY = '{API_KEY}';

function docsSources() {
  const sources = {};
  for (const slug of ['infura', 'chainstack', 'ankr', 'getblock']) {
    const s = JSON.parse(read('sources', slug, 'SOURCE.json'));
    const [file, repoPath] = Object.entries(s.files)[0];
    const repo = s.repository.replace(/^github\.com\//, '');
    sources[slug] = {
      source: `${repo}@${s.commit}:${repoPath}`,
      url: `https://${s.repository}/${/\.\w+$/.test(repoPath) ? 'blob' : 'tree'}/${s.commit}/${repoPath}`,
      asOf: s.asOf,
      text: read('sources', slug, file),
    };
  }
  return sources;
}

/** Infura: `{ section, network, urls }` for every row of every table, grouped by section and network. */
function infuraNetworks(text) {
  const out = new Map();
  let section = null;
  for (const line of text.split('\n')) {
    const heading = /^## (.+)$/.exec(line);
    if (heading) section = heading[1].trim();
    const cells = line.startsWith('|') ? line.split('|').slice(1, -1).map((c) => c.trim()) : [];
    if (!section || cells.length !== 3 || cells[0] === 'Network' || /^-+$/.test(cells[0])) continue;
    const key = `${section}\u0000${cells[0]}`;
    const entry = out.get(key) ?? { section, network: cells[0], urls: [] };
    entry.urls.push(cells[2].replace(/`/g, ''));
    out.set(key, entry);
  }
  return [...out.values()];
}

/** Chainstack: every network of every protocol, served when a node location is listed for it. */
function chainstackNetworks(text) {
  return Object.entries(JSON.parse(text).protocols).flatMap(([section, p]) =>
    p.networks.map((n) => ({ section, network: n.network_name, served: n.node_types.length > 0 })),
  );
}

/** GetBlock: every network a page's tables name, and the pages that name none (served: false, network null). */
function getblockNetworks(text) {
  return text
    .split(/\n## /)
    .slice(1)
    .flatMap((s) => {
      const section = s.split('\n')[0].trim();
      const rows = s.split('\n').filter((l) => l.startsWith('|'));
      const named = [];
      let header = null;
      for (const [i, line] of rows.entries()) {
        const cells = line.split('|').slice(1, -1).map((c) => c.trim());
        if (i === 0 || !s.includes(`${rows[i - 1]}\n${line}`)) header = cells[0];
        else if (/^-+$/.test(cells[0])) continue;
        else if (header === 'Network') named.push(cells[0]);
        else if (header === 'Property' && cells[0] === 'Network Name') named.push(cells[1]);
      }
      const unique = [...new Set(named)];
      return unique.length
        ? unique.map((network) => ({ section, network, text: s }))
        : [{ section, network: null, served: false, text: s }];
    });
}

/** Ankr: each section of the excerpt, its Networks list and its whole text. */
function ankrSections(text) {
  return new Map(
    text
      .split(/\n## /)
      .slice(1)
      .map((s) => {
        const name = s.split('\n')[0].trim();
        return [name, { networks: /### Networks\n([\s\S]*?)(?=\n### |$)/.exec(s)?.[1] ?? '', text: s }];
      }),
  );
}

function docsCoverage(ourProviders, chains) {
  const table = JSON.parse(read('sources/network-chain-ids.json'));
  const npm = JSON.parse(read('sources/npm-packages.json')).packages;
  const chainById = new Map(chains.map((c) => [c.chainId, c]));
  const order = new Map(chains.map((c, i) => [c.chainId, i]));
  const docs = docsSources();
  const fail = (slug, why) => {
    throw new Error(`data/sources/${slug}: ${why}`);
  };
  const providers = {};
  for (const [slug, src] of Object.entries(docs)) {
    if (!ourProviders.some((p) => p.slug === slug)) fail(slug, 'no such provider in providers.json');
    const rows = table[slug];
    const rowOf = (section, network) => rows.find((r) => r.section === section && r.network === network);
    const named = { infura: infuraNetworks, chainstack: chainstackNetworks, getblock: getblockNetworks }[slug]?.(
      src.text,
    );
    const ankr = slug === 'ankr' ? ankrSections(src.text) : null;
    const notCounted = [];
    // Every network the snapshot names is reviewed, and every reviewed network is named there.
    if (named) {
      for (const n of named) {
        if (n.served === false) {
          if (rowOf(n.section, n.network)) fail(slug, `${n.section} / ${n.network} is not served but has a row`);
          notCounted.push(
            slug === 'getblock'
              ? `${n.section}: its page has no table of the networks served`
              : `${n.network === 'N/A' ? n.section : `${n.section} / ${n.network}`}: no node location (deployed on request)`,
          );
        } else if (!rowOf(n.section, n.network)) fail(slug, `${n.section} / ${n.network} is not in network-chain-ids.json`);
      }
      for (const r of rows) {
        if (!named.some((n) => n.section === r.section && n.network === r.network)) {
          fail(slug, `network-chain-ids.json names ${r.section} / ${r.network}, which the snapshot does not`);
        }
      }
    } else {
      for (const section of ankr.keys()) {
        if (!rows.some((r) => r.section === section)) fail(slug, `section ${section} is not in network-chain-ids.json`);
      }
      for (const r of rows) {
        if (!ankr.get(r.section)?.networks.includes(r.network)) {
          fail(slug, `network-chain-ids.json names ${r.section} / ${r.network}, which the snapshot does not`);
        }
        for (const u of r.urls ?? []) {
          if (!ankr.get(r.section).text.includes(u)) fail(slug, `${r.section}: the excerpt does not give ${u}`);
        }
      }
    }
    // Each row's match is checked against what it cites.
    for (const r of rows.filter((row) => row.chainId !== null)) {
      const [kind, cited] = r.how.split(': ');
      if (kind === 'doc') {
        // Ankr states it in its MetaMask steps; GetBlock in a Chain ID row or column, or "(chain ID N" in a cell.
        const id = new RegExp(`(^|[^\\d])${r.chainId}([^\\d]|$)`);
        const stated =
          slug === 'ankr'
            ? ankr.get(r.section)?.text.includes(`**Chain ID**: \`${r.chainId}\``)
            : named
                ?.find((n) => n.section === r.section)
                ?.text?.split('\n')
                .some((l) => id.test(l) && (/chain id/i.test(l) || l.split('|')[1]?.trim() === r.network));
        if (!stated) fail(slug, `${r.section} / ${r.network}: the page does not state chain id ${r.chainId}`);
      } else if (kind === 'chain list') {
        const name = cited.replace(/ \(.*\)$/, '');
        if (chainById.get(r.chainId)?.name !== name) {
          fail(slug, `${r.section} / ${r.network}: chains.json has no chain ${r.chainId} named ${name}`);
        }
      } else fail(slug, `${r.section} / ${r.network}: unknown match ${r.how}`);
    }

    const links = new Map();
    const unmatched = [];
    for (const r of rows) {
      const label = `${r.section} / ${r.network}`;
      const chain = r.chainId === null ? null : chainById.get(r.chainId);
      if (!chain) {
        unmatched.push(r.chainId === null ? `${label}: ${r.why}` : `${label}: chain ${r.chainId} is not in the directory`);
        continue;
      }
      const urls =
        slug === 'infura'
          ? named
              .find((n) => n.section === r.section && n.network === r.network)
              .urls.filter((u) => /^(https|wss):\/\/[\w-]+\.infura\.io(\/|$)/.test(u))
              .map((u) => u.replace('<YOUR-API-KEY>', KEY))
          : (r.urls ?? []).map((u) => u.replace('{your_token}', KEY));
      const link = links.get(chain.chainId) ?? {
        chainId: chain.chainId,
        chain: chain.slug,
        kind: 'api-key',
        networks: [],
        urlTemplates: [],
        source: src.source,
        asOf: src.asOf,
        how: [],
      };
      link.networks.push(label);
      link.how.push(r.how);
      for (const u of urls) if (!link.urlTemplates.includes(u)) link.urlTemplates.push(u);
      links.set(chain.chainId, link);
    }
    const sorted = [...links.values()].sort((a, b) => order.get(a.chainId) - order.get(b.chainId));
    providers[slug] = { chainCount: sorted.length, links: sorted, unmatched, notCounted };
  }
  const sources = Object.fromEntries([
    ...Object.entries(npm).map(([source, asOf]) => [
      source,
      { url: `https://www.npmjs.com/package/${source.replace(/@([^@]+)$/, '/v/$1')}`, asOf },
    ]),
    ...Object.values(docs).map((d) => [d.source, { url: d.url, asOf: d.asOf }]),
  ]);
  return { note: 'Made by data/build.mjs from data/sources/; see docs/data-sources.md.', sources, providers };
}

/** Indented JSON with each link and each source on one line (small diffs on a rebuild). */
function formatCoverage(value, indent = '') {
  if (typeof value !== 'object' || value === null || 'chainId' in value || 'asOf' in value) return JSON.stringify(value);
  const inner = `${indent}  `;
  const items = Array.isArray(value)
    ? value.map((v) => inner + formatCoverage(v, inner))
    : Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${formatCoverage(v, inner)}`);
  const [open, close] = Array.isArray(value) ? ['[', ']'] : ['{', '}'];
  return items.length ? `${open}\n${items.join(',\n')}\n${indent}${close}${indent ? '' : '\n'}` : `${open}${close}`;
}

// Descriptions state no count: how many endpoints and networks a provider or chain has is computed where it is
// shown, from the data of the moment. Sentences the dataset wrote with counts of its own listing are dropped (a
// tracking-levels sentence keeps its words, loses its counts); the build rewrites providers.json and chains.json only
// when one is found, and running it again changes nothing.
const COUNT_SENTENCES = [
  /^Listed with \d+ endpoints? across \d+ networks? in this dataset \([^)]*\)\.$/,
  /^\d+ of them requires? an API key\.$/,
  /^All of its listed endpoints require an API key\.$/,
  /^\d+ public RPC endpoints? without an API key listed(, plus \d+ that needs? one)?\.$/,
];
function withoutCounts(description) {
  return description
    .split(/(?<=\.) +/)
    .filter((sentence) => !COUNT_SENTENCES.some((re) => re.test(sentence)))
    .map((sentence) =>
      sentence.replace(/^(Chainlist labels its endpoints with differing tracking levels) \([^)]*\)\.$/, '$1.'),
    )
    .join(' ');
}
for (const file of ['providers.json', 'chains.json']) {
  const rows = JSON.parse(read(file));
  let changed = 0;
  for (const row of rows) {
    const description = withoutCounts(row.description);
    if (description !== row.description) {
      row.description = description;
      changed++;
    }
  }
  if (changed) writeFileSync(path.join(DATA, file), `${JSON.stringify(rows, null, 2)}\n`);
  console.log(`${file}: ${changed} descriptions lost their counts`);
}

const providers = JSON.parse(read('providers.json'));
const facts = chainLoveFacts(providers);
writeFileSync(
  path.join(DATA, 'provider-facts.json'),
  `${JSON.stringify({ note: 'Made by data/build.mjs from data/sources/; see docs/data-sources.md.', providers: facts }, null, 2)}\n`,
);
const counts = Object.entries(facts).map(([slug, f]) => `${slug} ${Object.keys(f).length}`);
console.log(`provider-facts.json: ${counts.length} providers (${counts.join(', ')})`);

const coverage = docsCoverage(providers, JSON.parse(read('chains.json')));
writeFileSync(path.join(DATA, 'provider-docs-coverage.json'), formatCoverage(coverage));
for (const [slug, p] of Object.entries(coverage.providers)) {
  console.log(`provider-docs-coverage.json: ${slug} ${p.chainCount} chains, ${p.unmatched.length} networks unmatched`);
}
