// A/B of review approval on the loaded scale database (`npm run bench -- scale --keep` first): the code of
// another checkout (OLD_ROOT, e.g. an export of the previous commit) against this one, alternating request
// by request on the same random pending reviews so machine load hits both alike. Prints medians.
// Usage: OLD_ROOT=/tmp/a-base npx tsx bench/lib/approve-ab.ts [pairs]
import path from 'node:path';
import { openDatabase } from '../../api/db/index.ts';
import { moderateReview as newModerate } from '../../api/reviews/service.ts';
import { signInAdmin } from './admin.ts';
import { dbUrl, fmt, PORTS } from './env.ts';
import { median, percentile } from './load.ts';
import { startTarget } from './target.ts';

const OLD_ROOT = process.env.OLD_ROOT;
if (!OLD_ROOT) throw new Error('OLD_ROOT: the checkout to compare with');
const pairs = Number(process.argv[2] ?? 150);
const url = dbUrl('rpc_atlas_bench_scale');

const oldTarget = (await import(path.join(OLD_ROOT, 'bench/lib/target.ts'))) as typeof import('./target.ts');
const { moderateReview: oldModerate } = (await import(path.join(OLD_ROOT, 'api/reviews/service.ts'))) as {
  moderateReview: typeof newModerate;
};

const db = await openDatabase({ databaseUrl: url, poolSize: 4 });
const [a, b] = await Promise.all([
  oldTarget.startTarget(PORTS.api, { databaseUrl: url }),
  startTarget(PORTS.scale, { databaseUrl: url }),
]);
try {
  const admins = await Promise.all([signInAdmin(a.url), signInAdmin(b.url)]);
  const ids = (
    await db.sql<
      { id: number }[]
    >`SELECT id FROM user_reviews WHERE status = 'pending' ORDER BY random() LIMIT ${pairs * 4}`
  ).map((r) => r.id);
  const http: [number[], number[]] = [[], []];
  const tx: [number[], number[]] = [[], []];
  const floor: [number[], number[]] = [[], []];
  for (let i = 0; i < pairs; i++) {
    const order = i % 2 ? [0, 1] : [1, 0];
    for (const v of order) {
      // The floor of any signed-in request: HTTP, the stack and the session read (GET /api/auth/user).
      const t0 = performance.now();
      await (await admins[v].fetch('/api/auth/user')).arrayBuffer();
      floor[v].push(performance.now() - t0);
    }
    for (const v of order) {
      const id = ids[i * 4 + v];
      const t0 = performance.now();
      const res = await admins[v].fetch(`/api/admin/reviews/${id}/approve`, { method: 'PUT' });
      await res.arrayBuffer();
      http[v].push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`approve ${id}: ${res.status}`);
    }
    for (const v of order) {
      const id = ids[i * 4 + 2 + v];
      const t0 = performance.now();
      await db.sql.begin((t) => (v === 0 ? oldModerate : newModerate)(t, id, 'approved'));
      tx[v].push(performance.now() - t0);
    }
  }
  const row = (label: string, xs: number[]) => {
    const s = [...xs].sort((x, y) => x - y);
    return `| ${label} | ${xs.length} | **${fmt.ms(median(s))}** | ${fmt.ms(percentile(s, 95))} |`;
  };
  console.log(`| what | n | median ms | p95 ms |\n| --- | --- | --- | --- |`);
  console.log(row('HTTP PUT …/approve, before', http[0]));
  console.log(row('HTTP PUT …/approve, after', http[1]));
  console.log(row('GET /api/auth/user signed in (HTTP + session floor), before', floor[0]));
  console.log(row('GET /api/auth/user signed in (HTTP + session floor), after', floor[1]));
  console.log(row('transaction alone, before', tx[0]));
  console.log(row('transaction alone, after', tx[1]));
} finally {
  await Promise.all([a.stop(), b.stop()]);
  await db.close();
}
