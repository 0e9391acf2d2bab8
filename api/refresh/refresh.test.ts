// The refresh from upstream on the seeded directory: modified copies of the shipped snapshot (written back in
// chainlist's rpcs.json format) diff and apply as reviewed; a URL source on loopback; the command line.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedDataDir, openTestDatabase, startTestServer, type TestServer } from '../test/harness.ts';
import { signIn, type SignedIn } from '../test/sign-in.ts';
import { ADMIN_EMAIL, signInAdmin } from '../admin/test-support.ts';
import type { Database } from '../db/index.ts';
import { readDirectoryForRefresh } from '../../sql/queries/refresh.ts';
import { listChainEndpoints, updateChain, updateEndpoint } from '../../sql/queries/chains.ts';
import { summaryLine, type RefreshDiff, type RefreshItem } from '../../contract/refresh.ts';
import { closedPort } from '../health/test-servers.ts';
import { applyRefresh } from './apply.ts';
import { computeDiff, SnapshotError } from './diff.ts';
import { datasetHosts, readSnapshotUrl, snapshotFromBytes } from './source.ts';
import { NEW_CHAIN, shippedSnapshot, type UpstreamChain } from './test-support.ts';

const read = (chains: UpstreamChain[]) =>
  snapshotFromBytes(Buffer.from(JSON.stringify(chains)), 'rpcs.json', new Date('2026-11-20T00:00:00Z'));

let db: Database & { dropCopy: () => Promise<void> };
const hosts = datasetHosts();
const diffOf = async (chains: UpstreamChain[]) => {
  const { snapshot, source } = read(chains);
  return computeDiff(snapshot, source, await readDirectoryForRefresh(db.sql), hosts);
};
const admin = { id: null, name: 'refresh test' };

const chainOf = (chains: UpstreamChain[], evmId: number) => chains.find((c) => c.chainId === evmId)!;
const endpointRow = async (url: string) => {
  const [row] = await db.sql<
    { id: number; tracking: string; removedAt: Date | null; refreshRunId: number | null; editedByHand: string[] }[]
  >`SELECT id, tracking, removed_at, refresh_run_id, edited_by_hand FROM chain_rpc_endpoints WHERE url = ${url}`;
  return row;
};

describe('refresh from upstream', () => {
  // Each test on its own copy of the seeded directory.
  beforeEach(async () => {
    db = await openTestDatabase();
  });
  afterEach(async () => {
    await db.close();
    await db.dropCopy();
  });

  it('reports no changes for the unchanged snapshot', async () => {
    const diff = await diffOf(shippedSnapshot());
    expect(diff.items).toEqual([]);
    expect(summaryLine(diff.summary)).toBe('endpoints: 0 added, 0 removed, 0 changed; chains: 0 added, 0 changed');
  });

  it('diffs and applies each kind of change as reviewed, keeping hand edits and history', async () => {
    const chains = shippedSnapshot();
    const eth = chainOf(chains, 1);
    const removedUrl = eth.rpc[0].url;
    eth.rpc.splice(0, 1);
    const relabelled = eth.rpc.find((r) => r.tracking === 'none')!;
    relabelled.tracking = 'yes';
    // An endpoint an admin edited by hand, changed upstream too.
    const base = chainOf(chains, 8453);
    const handEdited = base.rpc.find((r) => r.tracking === 'none')!;
    const [handRow] = (await listChainEndpoints(db.sql, (await chainRow(8453)).id)).filter(
      (e) => e.url === handEdited.url,
    );
    await updateEndpoint(db.sql, handRow.id, { tracking: 'limited' });
    handEdited.tracking = 'yes';
    // One added to an existing chain, on a provider's host.
    base.rpc.push({ url: 'https://base-refresh.publicnode.com', tracking: 'none' });
    // A new chain, with enough endpoints to be selected.
    chains.push(NEW_CHAIN);
    await db.sql`INSERT INTO endpoint_health (endpoint_id, next_probe_at, status, checked_at)
      SELECT id, now(), 'ok', now() FROM chain_rpc_endpoints WHERE url = ${removedUrl}`;
    const removed = await endpointRow(removedUrl);

    const diff = await diffOf(chains);
    const byKind = (kind: RefreshItem['kind']) => diff.items.filter((i) => i.kind === kind);
    expect(summaryLine(diff.summary)).toBe('endpoints: 6 added, 1 removed, 2 changed; chains: 1 added, 0 changed');
    expect(byKind('chain-added')).toMatchObject([{ chainSlug: 'refresh-lab', endpoints: { length: 5 } }]);
    expect(byKind('endpoint-added')).toMatchObject([
      { chainSlug: 'base', endpoint: { url: 'https://base-refresh.publicnode.com', provider: 'publicnode' } },
    ]);
    expect(byKind('endpoint-removed')).toMatchObject([
      { url: removedUrl, lastHealth: { status: 'ok' }, addedByHand: false, conflict: false },
    ]);
    const changed = byKind('endpoint-changed');
    expect(changed).toContainEqual(
      expect.objectContaining({
        url: relabelled.url,
        conflict: false,
        changes: [{ field: 'tracking', current: 'none', upstream: 'yes', byHand: false }],
      }),
    );
    expect(changed).toContainEqual(
      expect.objectContaining({
        url: handEdited.url,
        conflict: true,
        changes: [{ field: 'tracking', current: 'limited', upstream: 'yes', byHand: true }],
      }),
    );
    expect(diff.unknownHosts).toContainEqual({ host: 'rpc1.refresh.example', endpoints: 1 });
    expect(diff.providersAppearing).toEqual([]);

    const result = await applyRefresh(
      db.sql,
      read(chains).snapshot,
      read(chains).source,
      hosts,
      'non-conflicting',
      admin,
    );
    expect(result.left.map((i) => i.key)).toEqual([`endpoint-changed:${handRow.id}`]);
    expect(summaryLine(result.appliedSummary)).toBe(
      'endpoints: 6 added, 1 removed, 1 changed; chains: 1 added, 0 changed',
    );
    // The hand edit stands; the removal keeps the row (and its health); each applied row names its refresh.
    expect((await endpointRow(handEdited.url)).tracking).toBe('limited');
    expect(await endpointRow(removedUrl)).toMatchObject({ id: removed.id, removedAt: expect.any(Date) });
    const ethId = (await chainRow(1)).id;
    expect((await listChainEndpoints(db.sql, ethId)).map((e) => e.url)).not.toContain(removedUrl);
    expect((await endpointRow(relabelled.url)).tracking).toBe('yes');
    expect((await endpointRow('https://base-refresh.publicnode.com')).refreshRunId).toBe(result.runId);
    const [run] = await db.sql`SELECT * FROM refresh_runs WHERE id = ${result.runId}`;
    expect(run).toMatchObject({
      sourceName: 'chainlist rpcs.json',
      sourceLocation: 'rpcs.json',
      sourceDate: new Date('2026-11-20T00:00:00Z'),
      appliedByName: 'refresh test',
    });
    const [{ n }] = await db.sql`SELECT count(*)::int AS n FROM refresh_items WHERE run_id = ${result.runId}`;
    expect(n).toBe(result.applied.length);
    const [newChain] = await db.sql`SELECT id FROM chains WHERE evm_chain_id = 990001`;
    expect(await listChainEndpoints(db.sql, newChain.id)).toHaveLength(5);

    // Only the conflict is left; the admin accepts it, and the removed endpoint comes back with its id.
    expect((await diffOf(chains)).items.map((i) => i.key)).toEqual([`endpoint-changed:${handRow.id}`]);
    const again = await applyRefresh(
      db.sql,
      read(chains).snapshot,
      read(chains).source,
      hosts,
      {
        keys: new Set([`endpoint-changed:${handRow.id}`]),
      },
      admin,
    );
    expect(again.applied).toHaveLength(1);
    expect(await endpointRow(handEdited.url)).toMatchObject({ tracking: 'yes', editedByHand: [] });
    eth.rpc.unshift({ url: removedUrl });
    const back = await diffOf(chains);
    expect(back.items).toMatchObject([{ kind: 'endpoint-added', returningId: removed.id, conflict: false }]);
    await applyRefresh(db.sql, read(chains).snapshot, read(chains).source, hosts, 'non-conflicting', admin);
    expect(await endpointRow(removedUrl)).toMatchObject({ id: removed.id, removedAt: null });
  });

  it('shows both values where a chain field was set by hand, and offers an admin-added endpoint for removal only as a conflict', async () => {
    const chains = shippedSnapshot();
    const { id } = await chainRow(56);
    await updateChain(db.sql, id, { name: 'BNB Chain', shortName: 'bnb' });
    const [{ id: added }] = await db.sql`
      INSERT INTO chain_rpc_endpoints (chain_id, url, source) VALUES (${id}, 'https://bsc.by-hand.example', 'admin')
      RETURNING id`;
    const diff = await diffOf(chains);
    expect(diff.items).toEqual([
      expect.objectContaining({
        kind: 'chain-changed',
        conflict: true,
        changes: [{ field: 'name', current: 'BNB Chain', upstream: 'BNB Smart Chain Mainnet', byHand: true }],
      }),
      expect.objectContaining({ kind: 'endpoint-removed', endpointId: added, addedByHand: true, conflict: true }),
    ]);
  });

  it('offers back an endpoint an admin removed by hand only as a conflict', async () => {
    const chains = shippedSnapshot();
    const url = chainOf(chains, 10).rpc[0].url;
    const row = await endpointRow(url);
    await db.sql`UPDATE chain_rpc_endpoints SET removed_at = now(), edited_by_hand = '{removed}' WHERE id = ${row.id}`;
    const diff = await diffOf(chains);
    expect(diff.items).toContainEqual(
      expect.objectContaining({ kind: 'endpoint-added', returningId: row.id, conflict: true }),
    );
  });
});

const chainRow = async (evmId: number) => {
  const [row] = await db.sql<{ id: number }[]>`SELECT id FROM chains WHERE evm_chain_id = ${evmId}`;
  return row;
};

describe('snapshot sources', () => {
  it('reads a URL, and says clearly when one cannot be reached', async () => {
    const body = JSON.stringify(shippedSnapshot());
    const server = http.createServer((req, res) => {
      if (req.url === '/rpcs.json') {
        res.writeHead(200, { 'content-type': 'application/json', 'last-modified': 'Fri, 20 Nov 2026 00:00:00 GMT' });
        res.end(body);
      } else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { snapshot, source } = await readSnapshotUrl(`${origin}/rpcs.json`, true);
      expect(source).toMatchObject({
        name: 'chainlist rpcs.json',
        location: `${origin}/rpcs.json`,
        date: '2026-11-20T00:00:00.000Z',
      });
      expect(snapshot.chains).toHaveLength(139);
      await expect(readSnapshotUrl(`${origin}/missing.json`, true)).rejects.toThrow(
        `Cannot reach ${origin}/missing.json: it answered HTTP 404`,
      );
      // The prober's address rules: a loopback URL is refused unless private addresses are allowed.
      await expect(readSnapshotUrl(`${origin}/rpcs.json`, false)).rejects.toThrow(/not public/);
    } finally {
      server.close();
    }
    const port = await closedPort();
    await expect(readSnapshotUrl(`http://127.0.0.1:${port}/rpcs.json`, true)).rejects.toThrow(
      new SnapshotError(`Cannot reach http://127.0.0.1:${port}/rpcs.json: ECONNREFUSED`),
    );
  });
});

describe('the admin routes', () => {
  let t: TestServer;
  let admin: SignedIn;
  beforeAll(async () => {
    t = await startTestServer({ PROBE_ALLOW_PRIVATE: '1' });
    admin = await signInAdmin(t);
  });
  afterAll(async () => {
    await t.close();
  });
  const upload = async (body: FormData) => {
    const res = await admin.fetch('/api/admin/refresh/preview', { method: 'POST', body });
    return { status: res.status, body: await res.json() };
  };

  it('preview an uploaded snapshot, then apply the accepted items of that very snapshot', async () => {
    const chains = shippedSnapshot();
    chains.push(NEW_CHAIN);
    const removedUrl = chainOf(chains, 1).rpc.shift()!.url;
    const body = new FormData();
    body.append('lastModified', String(Date.parse('2026-11-20T00:00:00Z')));
    body.append('file', new Blob([JSON.stringify(chains)], { type: 'application/json' }), 'rpcs.json');
    const preview = await upload(body);
    expect(preview.status).toBe(200);
    const diff = preview.body as RefreshDiff;
    expect(diff.source).toMatchObject({
      name: 'chainlist rpcs.json',
      location: 'rpcs.json',
      date: '2026-11-20T00:00:00.000Z',
    });
    expect(summaryLine(diff.summary)).toBe('endpoints: 5 added, 1 removed, 0 changed; chains: 1 added, 0 changed');

    // Only the removal is accepted: the new chain stays out.
    const removal = diff.items.find((i) => i.kind === 'endpoint-removed')!;
    const applied = await admin.json('POST', '/api/admin/refresh/apply', {
      sha256: diff.source.sha256,
      accept: [removal.key],
    });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ applied: 1, summary: { endpointsRemoved: 1, chainsAdded: 0 } });
    const eth = (await t.get('/api/chains/ethereum')).body as { rpcEndpoints: { url: string }[] };
    expect(eth.rpcEndpoints.map((e) => e.url)).not.toContain(removedUrl);
    expect((await t.get('/api/chains/refresh-lab')).status).toBe(404);
    const [run] = await t.sql`
      SELECT u.email, r.applied_by_name FROM refresh_runs r JOIN users u ON u.id = r.applied_by
      WHERE r.id = ${applied.body.runId}`;
    expect(run).toEqual({ email: ADMIN_EMAIL, appliedByName: ADMIN_EMAIL });

    const stale = await admin.json('POST', '/api/admin/refresh/apply', { sha256: 'a'.repeat(64), accept: [] });
    expect(stale).toMatchObject({
      status: 404,
      body: { message: 'That snapshot is no longer kept: preview it again' },
    });
  });

  it('preview a URL, refuse what is not a snapshot, and refuse non-admins', async () => {
    const bad = await admin.json('POST', '/api/admin/refresh/preview', {
      url: `http://127.0.0.1:${await closedPort()}/x.json`,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^Cannot reach http:\/\/127\.0\.0\.1:\d+\/x\.json: ECONNREFUSED$/);
    const notJson = new FormData();
    notJson.append('file', new Blob(['{"chains":1}']), 'rpcs.json');
    const refused = await upload(notJson);
    expect(refused).toMatchObject({ status: 400, body: { message: expect.stringContaining('not a list of chains') } });
    const reader = await signIn(t, 'reader@example.com');
    expect(
      (await reader.json('POST', '/api/admin/refresh/preview', { url: 'https://example.com/rpcs.json' })).status,
    ).toBe(403);
  });
});

// The command runs on the embedded database here (the PostgreSQL pass has no embedded snapshot to copy).
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('npm run data:refresh', () => {
  const run = promisify(execFile);
  const cli = (args: string[], env: Record<string, string>) =>
    run(process.execPath, ['--import', 'tsx', 'api/refresh/cli.ts', ...args], {
      env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'silent', ...env },
    }).then(
      (r) => ({ code: 0, ...r }),
      (e: { code: number; stdout: string; stderr: string }) => e,
    );
  let dir: string;
  let dataDir: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-refresh-'));
    writeFileSync(path.join(dir, 'rpcs.json'), JSON.stringify(shippedSnapshot()));
    dataDir = await createEmbeddedDataDir();
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints the diff of the unchanged snapshot as no changes', async () => {
    const { code, stdout } = await cli(['--dry-run', path.join(dir, 'rpcs.json')], { DATA_DIR: dataDir });
    expect(code).toBe(0);
    expect(stdout).toContain('no changes');
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(
      'endpoints: 0 added, 0 removed, 0 changed; chains: 0 added, 0 changed',
    );
  });

  it('refuses the embedded database while a server holds it, pointing to the admin panel', async () => {
    writeFileSync(path.join(dataDir, 'holder.pid'), String(process.pid));
    try {
      const { code, stderr } = await cli([path.join(dir, 'rpcs.json')], { DATA_DIR: dataDir });
      expect(code).toBe(1);
      expect(stderr).toContain(`is in use by process ${process.pid}`);
      expect(stderr).toContain('Admin Panel → CSV → Refresh from upstream');
    } finally {
      rmSync(path.join(dataDir, 'holder.pid'));
    }
  });

  it('says clearly when the file cannot be read', async () => {
    const { code, stderr } = await cli([path.join(dir, 'none.json')], { DATA_DIR: dataDir });
    expect(code).toBe(1);
    expect(stderr).toContain(`Cannot read ${path.join(dir, 'none.json')}: ENOENT`);
  });
});
