// Probe agents end to end: an admin creates an agent for a region, the agent (agent.ts, in this process, and its
// command line as a child) leases that region's jobs from the site's pg-boss queue over HTTP and posts its probes of
// loopback JSON-RPC servers; the chain's answer shows each region's entry; a stopped agent's region turns stale,
// never down; a revoked token is refused. The site's prober runs with a 2-second interval.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
import { signIn, type SignedIn } from '../test/sign-in.ts';
import { signInAdmin } from '../admin/test-support.ts';
import { chainDetailSchema } from '../../contract/chains.ts';
import { agentLeaseSchema, probeAgentCreatedSchema, probeAgentListSchema } from '../../contract/probe-agents.ts';
import { AgentRefused, startAgent, type Agent } from './agent.ts';
import { startProber, type Prober } from './prober.ts';
import { startFakeRpc, type FakeRpc } from './test-servers.ts';

const INTERVAL_S = 2;
const SLUG = 'anvil-agents-test';
const log = pino({ level: 'silent' });

let t: TestServer;
let admin: SignedIn;
let prober: Prober;
const servers: FakeRpc[] = [];
const agents: Agent[] = [];
const urls = { good: '', wrong: '' };

beforeAll(async () => {
  t = await startTestServer({
    PROBE_INTERVAL_S: String(INTERVAL_S),
    PROBE_ALLOW_PRIVATE: '1',
    PROBE_REGION: 'Frankfurt',
  });
  admin = await signInAdmin(t);
  // Only this file's endpoints: the dataset's would be probed over the real network.
  await t.sql`DELETE FROM chain_rpc_endpoints`;
  const [{ id: chainId }] = await t.sql<{ id: number }[]>`
    INSERT INTO chains (name, slug, evm_chain_id) VALUES ('Anvil agents', ${SLUG}, 31337) RETURNING id`;
  const good = await startFakeRpc();
  const wrong = await startFakeRpc({ chainId: 1 });
  servers.push(good, wrong);
  urls.good = good.url;
  urls.wrong = wrong.url;
  for (const url of [good.url, wrong.url]) {
    await t.sql`INSERT INTO chain_rpc_endpoints (chain_id, url) VALUES (${chainId}, ${url})`;
  }
  prober = await startProber({
    db: t.db,
    config: t.config,
    log,
    queue: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1, expireInSeconds: 20, retryDelaySeconds: 0 },
  });
});
afterAll(async () => {
  await Promise.all(agents.map((a) => a.stop()));
  await prober?.stop({ graceful: false });
  await Promise.all(servers.map((s) => s.close()));
  await t?.close();
});

async function until<T>(check: () => Promise<T | undefined | false>, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const endpoints = async () => {
  const res = await t.get(`/api/chains/${SLUG}`);
  expect(res.status).toBe(200);
  const chain = chainDetailSchema.parse(res.body);
  return Object.fromEntries(chain.rpcEndpoints.map((e) => [e.url === urls.good ? 'good' : 'wrong', e.health]));
};
const regionOf = (health: Awaited<ReturnType<typeof endpoints>>[string], region: string) =>
  health.regions.find((r) => r.region === region);

const createAgent = async (region: string) => {
  const res = await admin.json('POST', '/api/admin/probe-agents', { region });
  expect(res.status).toBe(201);
  return probeAgentCreatedSchema.parse(res.body);
};
const agentCall = (token: string, path: string, body: unknown) =>
  fetch(t.url + path, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const runAgent = (token: string) => {
  const agent = startAgent({ server: t.url, token, log, allowPrivate: true, idleMs: 200 });
  agents.push(agent);
  return agent;
};

describe('probe agents', () => {
  it('are created, listed and revoked by admins only', async () => {
    const anonymous = await t.request('/api/admin/probe-agents');
    expect(anonymous.status).toBe(401);
    const user = await signIn(t, 'visitor@example.com');
    expect((await user.json('GET', '/api/admin/probe-agents')).status).toBe(403);
    expect((await user.json('POST', '/api/admin/probe-agents', { region: 'Tokyo' })).status).toBe(403);
    expect((await user.json('DELETE', '/api/admin/probe-agents/1')).status).toBe(403);

    const bad = await admin.json('POST', '/api/admin/probe-agents', { region: '<script>' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^region: a region is/);
    const own = await admin.json('POST', '/api/admin/probe-agents', { region: 'Frankfurt' });
    expect([own.status, own.body.message]).toEqual([409, expect.stringMatching(/site's own region/)]);
    expect((await admin.json('DELETE', '/api/admin/probe-agents/999999')).status).toBe(404);

    // The token is in the creation's answer only; the database keeps its SHA-256.
    const created = await createAgent(' Tokyo ');
    expect(created).toEqual({ id: expect.any(Number), region: 'Tokyo', token: expect.stringMatching(/^\S{40,}$/) });
    const [stored] = await t.sql<{ tokenHash: Buffer }[]>`SELECT token_hash FROM probe_agents WHERE id = ${created.id}`;
    expect(stored.tokenHash.equals(createHash('sha256').update(created.token).digest())).toBe(true);
    const list = probeAgentListSchema.parse((await admin.json('GET', '/api/admin/probe-agents')).body);
    expect(list.find((a) => a.id === created.id)).toEqual({
      id: created.id,
      region: 'Tokyo',
      createdAt: expect.any(String),
      lastSeenAt: null,
      revokedAt: null,
    });
    expect(JSON.stringify(list)).not.toContain(created.token);
    const revoked = await admin.json('DELETE', `/api/admin/probe-agents/${created.id}`);
    expect([revoked.status, revoked.body.revokedAt]).toEqual([200, expect.any(String)]);
  });

  it('refuses a missing, unknown or revoked token with 401 in the error shape', async () => {
    const { id, token } = await createAgent('Tokyo 2');
    expect((await agentCall(token, '/api/agent/jobs', {})).status).toBe(200);
    await admin.json('DELETE', `/api/admin/probe-agents/${id}`);
    for (const auth of [`Bearer ${token}`, 'Bearer nonsense', '', `Basic ${token}`]) {
      const res = await fetch(`${t.url}/api/agent/jobs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(auth && { authorization: auth }) },
        body: '{}',
      });
      expect([auth, res.status, await res.json()]).toEqual([
        auth,
        401,
        { message: 'Unknown or revoked probe agent token' },
      ]);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
  });

  it("leases its region's jobs, probes them and posts the results: each endpoint shows the region's entry", async () => {
    const { id, token } = await createAgent('Singapore');
    const agent = runAgent(token);
    const health = await until(
      async () => {
        const h = await endpoints();
        const ready = regionOf(h.good, 'Singapore') && regionOf(h.wrong, 'Singapore') && regionOf(h.good, 'Frankfurt');
        return ready && h;
      },
      30_000,
      "the agent's and the site's entries",
    );
    expect(regionOf(health.good, 'Singapore')).toEqual({
      region: 'Singapore',
      status: 'ok',
      latencyMs: expect.any(Number),
      checkedAt: expect.any(String),
    });
    expect(regionOf(health.wrong, 'Singapore')?.status).toBe('wrong-chain');
    expect(regionOf(health.good, 'Frankfurt')?.status).toBe('ok');
    // Regions by name; the endpoint's own status is the site's region's.
    expect(health.good.regions.map((r) => r.region)).toEqual(['Frankfurt', 'Singapore']);
    expect(health.good.status).toBe('ok');
    expect(agent.posted()).toBeGreaterThanOrEqual(2);
    const [seen] = probeAgentListSchema
      .parse((await admin.json('GET', '/api/admin/probe-agents')).body)
      .filter((a) => a.id === id);
    expect(seen.lastSeenAt).not.toBeNull();

    // Stopped, its region reads stale after three intervals (never down); the site's region and status stay.
    await agent.stop();
    const stale = await until(
      async () => {
        const h = await endpoints();
        // Each entry three intervals after its own last probe (each endpoint has its own phase).
        return (
          regionOf(h.good, 'Singapore')?.status === 'stale' && regionOf(h.wrong, 'Singapore')?.status === 'stale' && h
        );
      },
      6 * INTERVAL_S * 1000 + 10_000,
      'the stopped region stale',
    );
    expect(regionOf(stale.good, 'Singapore')?.latencyMs).toEqual(expect.any(Number));
    expect(regionOf(stale.good, 'Frankfurt')?.status).toBe('ok');
    expect(stale.good.status).toBe('ok');

    // Started again, it comes back; revoked, it is refused and stops, and its region's entries go.
    const again = runAgent(token);
    await until(
      async () => regionOf((await endpoints()).good, 'Singapore')?.status === 'ok',
      20_000,
      'the region fresh again',
    );
    await admin.json('DELETE', `/api/admin/probe-agents/${id}`);
    await expect(again.done).rejects.toBeInstanceOf(AgentRefused);
    const after = await endpoints();
    expect(regionOf(after.good, 'Singapore')).toBeUndefined();
    expect(regionOf(after.good, 'Frankfurt')?.status).toBe('ok');
  }, 90_000);

  it("an agent's results never change the endpoint's status, and only jobs it holds count", async () => {
    const { token } = await createAgent('Sydney');
    // The prober's ticks queue the region's jobs, each due at its endpoint's own phase.
    const lease = { jobs: [] as { id: string; endpointId: number }[] };
    await until(
      async () => {
        const l = agentLeaseSchema.parse(await (await agentCall(token, '/api/agent/jobs', { max: 10 })).json());
        expect(l).toMatchObject({ region: 'Sydney', intervalS: INTERVAL_S, origin: t.url });
        lease.jobs.push(...l.jobs);
        return new Set(lease.jobs.map((j) => j.endpointId)).size === 2;
      },
      15_000,
      'a job of each endpoint leased',
    );
    const down = {
      at: new Date().toISOString(),
      httpStatus: null,
      latencyMs: null,
      errorClass: 'timeout',
      answeredChainId: null,
      headBlock: null,
      headTimestamp: null,
      browserCallable: null,
    };
    const posted = await agentCall(token, '/api/agent/results', {
      results: [...lease.jobs.map((j) => ({ jobId: j.id, probe: down })), { jobId: crypto.randomUUID(), probe: down }],
    });
    expect([posted.status, await posted.json()]).toEqual([200, { recorded: lease.jobs.length, ignored: 1 }]);
    // Posted twice: the jobs are done, the second changes nothing.
    const twice = await agentCall(token, '/api/agent/results', { results: [{ jobId: lease.jobs[0].id, probe: down }] });
    expect(await twice.json()).toEqual({ recorded: 0, ignored: 1 });
    const h = await endpoints();
    expect([regionOf(h.good, 'Sydney')?.status, h.good.status]).toEqual(['down', 'ok']);
    expect(regionOf(h.good, 'Frankfurt')?.status).toBe('ok');

    const invalid = await agentCall(token, '/api/agent/results', { results: [{ jobId: 'x', probe: down }] });
    expect([invalid.status, (await invalid.json()).message]).toEqual([
      400,
      expect.stringMatching(/^results\.0\.jobId/),
    ]);
  });

  it('runs from the command line until SIGTERM, and exits 1 when the site refuses its token', async () => {
    const cli = (token: string) => {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', 'api/health/agent-cli.ts', '--server', t.url, '--token', token],
        { env: { ...process.env, LOG_LEVEL: 'info', PROBE_ALLOW_PRIVATE: '1' }, stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let output = '';
      child.stdout.on('data', (d: Buffer) => (output += d));
      child.stderr.on('data', (d: Buffer) => (output += d));
      const exited = new Promise((resolve) => child.once('exit', resolve));
      return { child, exited, output: () => output };
    };

    const { token } = await createAgent('Sao Paulo');
    const agent = cli(token);
    await until(
      async () => regionOf((await endpoints()).good, 'Sao Paulo')?.status === 'ok',
      30_000,
      "the command line agent's entry",
    );
    agent.child.kill('SIGTERM');
    expect(await agent.exited).toBe(0);
    expect(agent.output()).toContain('probe agent stopped');

    const refused = cli('not-a-token');
    expect([await refused.exited, refused.output()]).toEqual([
      1,
      expect.stringContaining('the site refused this token'),
    ]);
  }, 60_000);
});
