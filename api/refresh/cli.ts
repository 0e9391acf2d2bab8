// `npm run data:refresh -- [--dry-run] <file or URL>`: the diff of an upstream snapshot against
// the directory (DATABASE_URL, or the embedded database when no server holds it). Without --dry-run it applies
// every item that conflicts with no hand edit and lists the others for review in the admin panel.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { openConfiguredDatabase } from '../boot.ts';
import { loadConfig, loadDotEnv } from '../config.ts';
import { DataDirInUseError } from '../db/index.ts';
import { readDirectoryForRefresh } from '../../sql/queries/refresh.ts';
import { summaryLine, type FieldChange, type RefreshDiff } from '../../contract/refresh.ts';
import { applyRefresh } from './apply.ts';
import { computeDiff, SnapshotError } from './diff.ts';
import { datasetHosts, readSnapshot } from './source.ts';

const USAGE = 'Usage: npm run data:refresh -- [--dry-run] <file or URL>';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'dry-run': { type: 'boolean', default: false } },
});
if (positionals.length !== 1) fail(USAGE);

loadDotEnv();
const config = loadConfig();
let read;
try {
  read = await readSnapshot(positionals[0], config.probes.allowPrivate);
} catch (err) {
  if (err instanceof SnapshotError) fail(err.message);
  throw err;
}
const { snapshot, source } = read;

let db;
try {
  db = await openConfiguredDatabase(config);
} catch (err) {
  if (err instanceof DataDirInUseError) {
    fail(
      `${err.message} (the server). Refresh from the admin panel while it runs: Admin Panel → CSV → ` +
        'Refresh from upstream. Or stop the server and run this again.',
    );
  }
  throw err;
}
try {
  const hosts = datasetHosts();
  if (values['dry-run']) {
    const diff = computeDiff(snapshot, source, await readDirectoryForRefresh(db.sql), hosts);
    console.log(formatDiff(diff, snapshot.skipped));
    console.log(summaryLine(diff.summary));
  } else {
    const admin = { id: null, name: `command line (${os.userInfo().username}@${os.hostname()})` };
    const result = await applyRefresh(db.sql, snapshot, source, hosts, 'non-conflicting', admin);
    if (result.runId !== null) await db.publishInvalidation();
    console.log(formatDiff(result.diff, snapshot.skipped));
    console.log(
      result.runId === null ? 'Nothing applied.' : `Applied ${result.applied.length} items (refresh #${result.runId}).`,
    );
    if (result.left.length) {
      console.log(
        `Left for review in the admin panel (Admin Panel → CSV → Refresh from upstream), conflicting with hand edits:`,
      );
      for (const item of result.left) console.log(`  ${item.key}`);
    }
    console.log(summaryLine(result.appliedSummary));
  }
} finally {
  await db.close();
}

function formatDiff(diff: RefreshDiff, skipped: number): string {
  const { source, items } = diff;
  const lines = [
    `Source: ${source.name}, ${source.location}${source.date ? ` (dated ${source.date})` : ''}` +
      (skipped ? `; ${skipped} entries that are not chains left out` : ''),
  ];
  const value = (v: unknown) => JSON.stringify(v);
  const change = (c: FieldChange) =>
    `${c.field} ${value(c.current)} → ${value(c.upstream)}${c.byHand ? ' [conflict: set by hand]' : ''}`;
  for (const item of items) {
    const chain = `${item.chainSlug} (${item.evmChainId})`;
    if (item.kind === 'chain-added') {
      lines.push(`+ chain ${item.chainName}: ${chain}, ${item.endpoints.length} endpoints`);
      for (const e of item.endpoints)
        lines.push(`    + ${e.url} (${e.provider ?? 'unattributed'}, tracking ${e.tracking})`);
    } else if (item.kind === 'chain-changed') {
      lines.push(`~ chain ${chain}: ${item.changes.map(change).join('; ')}`);
    } else if (item.kind === 'endpoint-added') {
      const e = item.endpoint;
      lines.push(
        `+ ${chain} ${e.url} (${e.provider ?? 'unattributed'}, tracking ${e.tracking})` +
          (item.returningId ? ' [returns]' : '') +
          (item.conflict ? ' [conflict: removed by hand]' : ''),
      );
    } else if (item.kind === 'endpoint-removed') {
      const health = item.lastHealth ? `last health ${item.lastHealth.status}` : 'never checked';
      lines.push(
        `- ${chain} ${item.url} (${health})` +
          (item.addedByHand ? ' [conflict: added by hand]' : item.conflict ? ' [conflict: edited by hand]' : ''),
      );
    } else {
      lines.push(`~ ${chain} ${item.url}: ${item.changes.map(change).join('; ')}`);
    }
  }
  for (const p of diff.providersAppearing) lines.push(`Provider ${p.provider} appears on ${p.chains.join(', ')}`);
  if (diff.unknownHosts.length) {
    lines.push('Hosts no provider is known for (left unattributed):');
    for (const h of diff.unknownHosts) lines.push(`  ${h.host} (${h.endpoints})`);
  }
  if (!items.length) lines.push('no changes');
  return lines.join('\n');
}
