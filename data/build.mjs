// Rebuilds the dataset's sourced provider facts (data/provider-facts.json) from the snapshots kept under
// data/sources/, deterministically: same snapshots, same file. Run with `npm run data:build`.
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

const providers = JSON.parse(read('providers.json'));
const facts = chainLoveFacts(providers);
writeFileSync(
  path.join(DATA, 'provider-facts.json'),
  `${JSON.stringify({ note: 'Made by data/build.mjs from data/sources/; see docs/data-sources.md.', providers: facts }, null, 2)}\n`,
);
const counts = Object.entries(facts).map(([slug, f]) => `${slug} ${Object.keys(f).length}`);
console.log(`provider-facts.json: ${counts.length} providers (${counts.join(', ')})`);
