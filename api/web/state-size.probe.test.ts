import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/harness.ts';
let t: TestServer;
beforeAll(async () => {
  const distDir = mkdtempSync(path.join(os.tmpdir(), 'rpc-atlas-probe-'));
  writeFileSync(path.join(distDir, 'index.html'), readFileSync('dist/index.html', 'utf8'));
  t = await startTestServer({}, { distDir });
});
afterAll(() => t?.close());
it('sizes', async () => {
  for (const p of ['/', '/providers', '/chains/ethereum', '/providers/drpc']) {
    const html = await (await t.request(p)).text();
    const m = /<script type="application\/json" id="ssr-state">([\s\S]*?)<\/script>/.exec(html);
    const state = JSON.parse(m![1]);
    const out = [`${p}: html ${html.length}, state ${m![1].length}`];
    for (const q of state.queries) {
      const data = q.state.data;
      const size = JSON.stringify(q).length;
      let fields = '';
      const sample = Array.isArray(data) ? data : data && typeof data === 'object' ? [data] : [];
      if (sample.length) {
        const totals: Record<string, number> = {};
        for (const item of sample) for (const [k, v] of Object.entries(item ?? {})) totals[k] = (totals[k] ?? 0) + JSON.stringify(v ?? null).length;
        fields = Object.entries(totals).sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k}=${v}`).join(' ');
      }
      out.push(`  ${q.queryKey.join('/')}: ${size} ${Array.isArray(data) ? `[${data.length}]` : ''} ${fields}`);
    }
    console.log(out.join('\n'));
  }
}, 300000);
