// The probes bench's loopback JSON-RPC servers, in a process of their own (so the prober's process is measured
// alone): 50 hosts (127.0.0.1–50, so the per-host limit applies as it would to real providers), 40 endpoints each;
// an endpoint's answer delay per call is one of 10, 50, 150, 400, 1200 ms and 1 in 20 answers HTTP 500. They answer
// like archive nodes (history, traces and log ranges answer) and keep idle connections 5 s, as node's own default.
// Sends `{ urls, control }` over IPC once listening; `control` answers `{ probe, capability }` (HTTP requests since
// the last `?reset`): the probe's and the capability checks'.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const HOSTS = 50;
const PER_HOST = 40;
const DELAYS_MS = [10, 50, 150, 400, 1200];
const CHAIN_ID = 31337;

/** The methods of the health probe itself; every other call (and every batch) is a capability check's. */
const PROBE_METHODS = new Set(['eth_chainId', 'eth_blockNumber', 'eth_getBlockByNumber']);
const calls = { probe: 0, capability: 0 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Call = { id: number; method: string };
/** A full node's answer: the chain id, a head that moves, a block; history and traces answer (an archive node). */
function answer(call: Call) {
  const head = 1_000_000 + Math.floor(Date.now() / 2000);
  const result =
    call.method === 'eth_chainId'
      ? `0x${CHAIN_ID.toString(16)}`
      : call.method === 'eth_blockNumber'
        ? `0x${head.toString(16)}`
        : call.method === 'eth_getBalance'
          ? '0x0'
          : ['eth_getLogs', 'trace_block', 'debug_traceBlockByNumber'].includes(call.method)
            ? []
            : { number: `0x${head.toString(16)}`, timestamp: `0x${Math.floor(Date.now() / 1000).toString(16)}` };
  return { jsonrpc: '2.0', id: call.id, result };
}

const urls: string[] = [];
for (let h = 1; h <= HOSTS; h++) {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const n = Number(req.url!.slice(1));
    await sleep(DELAYS_MS[n % DELAYS_MS.length]);
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'content-type' };
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    if (n % 20 === 7) return void res.writeHead(500).end('busy');
    const body = JSON.parse(Buffer.concat(chunks).toString()) as Call | Call[];
    // The probe's own batch holds its three calls; the capability checks' batches are of 10 and more.
    const list = Array.isArray(body) ? body : [body];
    if (list.length <= PROBE_METHODS.size && list.every((c) => PROBE_METHODS.has(c.method))) calls.probe++;
    else calls.capability++;
    res
      .writeHead(200, { 'content-type': 'application/json', ...cors })
      .end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)));
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve) => server.listen(0, `127.0.0.${h}`, resolve));
  for (let i = 0; i < PER_HOST; i++)
    urls.push(`http://127.0.0.${h}:${(server.address() as AddressInfo).port}/${h * PER_HOST + i}`);
}
const control = http.createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(calls));
  if (req.url?.includes('reset')) calls.probe = calls.capability = 0;
});
await new Promise<void>((resolve) => control.listen(0, '127.0.0.1', resolve));
process.send!({ urls, control: `http://127.0.0.1:${(control.address() as AddressInfo).port}/` });
process.on('disconnect', () => process.exit(0));
