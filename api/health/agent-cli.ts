// `npm run probe-agent -- --server https://atlas.example --token <token>`: a probe agent (agent.ts) until SIGINT or
// SIGTERM, or until the site refuses its token (revoked: exit code 1). The token may come from PROBE_AGENT_TOKEN
// instead, out of the process list.
import { parseArgs } from 'node:util';
import pino from 'pino';
import { AgentRefused, startAgent } from './agent.ts';

const USAGE = `usage: npm run probe-agent -- --server <site URL> --token <token> [--concurrency 20]
  --server       the site's address (https://; plain http only to localhost)
  --token        the agent's token, from the admin panel (or PROBE_AGENT_TOKEN)
  --concurrency  probes in flight at once (default 20)
  PROBE_ALLOW_PRIVATE=1 lets probes reach loopback and private addresses (tests only; refused with NODE_ENV=production)`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

let values: { server?: string; token?: string; concurrency?: string };
try {
  ({ values } = parseArgs({
    options: { server: { type: 'string' }, token: { type: 'string' }, concurrency: { type: 'string' } },
  }));
} catch (err) {
  fail((err as Error).message);
}
const token = values.token ?? process.env.PROBE_AGENT_TOKEN;
if (!values.server || !token) fail('--server and --token are required');
const concurrency = Number(values.concurrency ?? 20);
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 100) fail('--concurrency must be 1–100');
const allowPrivate = process.env.PROBE_ALLOW_PRIVATE === '1';
if (allowPrivate && process.env.NODE_ENV === 'production')
  fail('PROBE_ALLOW_PRIVATE=1 is refused with NODE_ENV=production');

const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });
let agent: ReturnType<typeof startAgent>;
try {
  agent = startAgent({ server: values.server, token, log, allowPrivate, concurrency });
} catch (err) {
  fail((err as Error).message);
}
const shutdown = async () => {
  await agent.stop();
  log.info({ posted: agent.posted() }, 'probe agent stopped');
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
agent.done.catch((err: unknown) => {
  log.error({ err: (err as Error).message }, err instanceof AgentRefused ? 'the site refused this token' : 'stopped');
  process.exit(1);
});
