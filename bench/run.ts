// `npm run bench` runs every part; `npm run bench -- api scale` runs the named ones.
// Options: --rounds N (samples per figure, default 3), --seconds N (per load sample, default 5),
// --quick (1 round of 2 s: checks the machinery, figures not for the record), --keep (scale: keep
// the loaded database for the next run). Output: stdout, and appended to bench/out/<part>.md.
import { parseArgs } from 'node:util';
import { machine, report } from './lib/env.ts';

export type BenchOptions = { rounds: number; seconds: number; quick: boolean; keep: boolean };

const PARTS: Record<string, () => Promise<(opts: BenchOptions) => Promise<void>>> = {
  api: async () => (await import('./api.ts')).benchApi,
  scale: async () => (await import('./scale.ts')).benchScale,
  start: async () => (await import('./start.ts')).benchStart,
  web: async () => (await import('./web.ts')).benchWeb,
  pages: async () => (await import('./pages.ts')).benchPages,
  probes: async () => (await import('./probes.ts')).benchProbes,
  footprint: async () => (await import('./footprint.ts')).benchFootprint,
  cold: async () => (await import('./footprint.ts')).benchColdRounds,
  refresh: async () => (await import('./refresh.ts')).benchRefresh,
};

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rounds: { type: 'string' },
    seconds: { type: 'string' },
    quick: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});

const unknown = positionals.filter((p) => !(p in PARTS));
if (unknown.length) {
  console.error(`Unknown part(s): ${unknown.join(', ')}. Parts: ${Object.keys(PARTS).join(', ')}.`);
  process.exit(2);
}
const opts: BenchOptions = {
  rounds: Number(values.rounds ?? (values.quick ? 1 : 3)),
  seconds: Number(values.seconds ?? (values.quick ? 2 : 5)),
  quick: values.quick,
  keep: values.keep,
};
const parts = positionals.length ? positionals : Object.keys(PARTS);
const command = `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim();

for (const part of parts) {
  report(
    part,
    `\n## ${part} — \`${command}\`\n\n${(await machine())
      .split('\n')
      .map((l) => `    ${l}`)
      .join('\n')}\n`,
  );
  const run = await PARTS[part]();
  await run(opts);
}
process.exit(0);
