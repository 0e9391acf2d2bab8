// `npm run bench -- pages`: a signed-out page against the very same bytes served as a static file by the same
// server (`npm start` of the committed HEAD, built in a private worktree), 50 connections, Brotli accepted, the two
// alternated round by round so the machine's load weighs on both alike. Target: page ≥ 0.9 × static.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { fmt, PORTS, report, table } from './lib/env.ts';
import { load, median } from './lib/load.ts';
import type { BenchOptions } from './run.ts';
import { buildCheckout, defaultRoutes, startServer } from './web.ts';

const HEADERS = { 'accept-encoding': 'gzip, deflate, br' };

export async function benchPages(opts: BenchOptions) {
  const { src, remove } = buildCheckout('HEAD');
  try {
    const server = await startServer(src, PORTS.pages);
    try {
      const rows: (string | number)[][] = [];
      for (const route of await defaultRoutes(server.origin)) rows.push(await compare(server, src, route, opts));
      report(
        'pages',
        `\n${table(['page', 'bytes raw / br', 'page req/s', 'page p99 ms', 'file req/s', 'file p99 ms', 'page ÷ file'], rows)}\n`,
      );
    } finally {
      await server.stop();
    }
  } finally {
    remove();
  }
}

async function compare(server: { origin: string; alive: () => void }, src: string, route: string, opts: BenchOptions) {
  // The page's bytes as a file of dist/, with the Brotli and gzip copies the build makes for its assets.
  const raw = Buffer.from(await (await fetch(server.origin + route)).arrayBuffer());
  const file = `/bench-static-${route === '/' ? 'home' : route.slice(1).replace(/\//g, '-')}.html`;
  const br = brotliCompressSync(raw);
  writeFileSync(path.join(src, 'dist', file), raw);
  writeFileSync(path.join(src, 'dist', `${file}.br`), br);
  writeFileSync(path.join(src, 'dist', `${file}.gz`), gzipSync(raw));
  const rps = { page: [] as number[], file: [] as number[] };
  const p99 = { page: [] as number[], file: [] as number[] };
  for (let round = 0; round < opts.rounds; round++) {
    for (const which of round % 2 ? (['file', 'page'] as const) : (['page', 'file'] as const)) {
      server.alive();
      const r = await load({
        url: server.origin,
        paths: [which === 'page' ? route : file],
        seconds: opts.seconds,
        headers: HEADERS,
      });
      if (r.failures) throw new Error(`${which} ${route}: ${r.failures} failures (${JSON.stringify(r.statuses)})`);
      rps[which].push(r.rps);
      p99[which].push(r.p99);
    }
  }
  const ratio = median(rps.page) / median(rps.file);
  return [
    route,
    `${fmt.kb(raw.length)} / ${fmt.kb(br.length)}`,
    fmt.n(median(rps.page)),
    fmt.ms(median(p99.page)),
    fmt.n(median(rps.file)),
    fmt.ms(median(p99.file)),
    fmt.ratio(ratio),
  ];
}
