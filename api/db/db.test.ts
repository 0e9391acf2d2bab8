// The database layer on the engine under test: migrations, the dataset loader, and a clean shutdown.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './index.ts';
import { listMigrations, migrate } from './migrate.ts';
import { readDataset, seedIfEmpty } from './seed.ts';
import { createEmbeddedDataDir, openTestDatabase, spawnServer } from '../test/harness.ts';

/** An EMPTY database (no schema) on the engine under test. */
async function openEmptyDatabase(): Promise<Database & { url?: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return Object.assign(await openDatabase({ inMemory: true }), { drop: async () => {} });
  const name = `rpc_atlas_empty_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
  return Object.assign(db, {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  });
}

async function counts(db: Database) {
  const [row] = await db.sql<{ chains: number; providers: number; endpoints: number; links: number }[]>`
    SELECT (SELECT count(*) FROM chains) AS chains, (SELECT count(*) FROM providers) AS providers,
           (SELECT count(*) FROM chain_rpc_endpoints) AS endpoints, (SELECT count(*) FROM provider_chains) AS links`;
  return row;
}

describe('migrations and dataset', () => {
  it('migrates an empty database, loads the dataset once, and re-running changes nothing', async () => {
    const db = await openEmptyDatabase();
    try {
      const applied = await migrate(db.sql);
      expect(applied).toEqual(listMigrations().map((m) => m.id));
      expect(await migrate(db.sql)).toEqual([]);

      expect(await seedIfEmpty(db.sql)).toBe(true);
      const first = await counts(db);
      // Links: 983 public-endpoint (the dataset's endpoints) and 221 + 142 api-key (data/provider-coverage.json,
      // data/provider-docs-coverage.json).
      expect(first).toMatchObject({ chains: 139, providers: 59, endpoints: 1806, links: 983 + 221 + 142 });
      expect(await seedIfEmpty(db.sql)).toBe(false);
      expect(await counts(db)).toEqual(first);

      const recorded = await db.sql<{ id: string }[]>`SELECT id FROM schema_migrations ORDER BY id`;
      expect(recorded.map((r) => r.id)).toEqual(applied);
    } finally {
      await db.close();
      await db.drop();
    }
  }, 60_000);

  it('gives a database loaded before the chain icons shipped those icons, keeping an icon an admin set', async () => {
    const db = await openTestDatabase();
    try {
      await db.sql`UPDATE chains SET icon_url = NULL WHERE slug IN ('base', 'ethereum-hoodi')`;
      await db.sql`UPDATE chains SET icon_url = '/objects/admin-chose-this' WHERE slug = 'ethereum'`;
      const migration = listMigrations().find((m) => m.id === '00006_shipped_chain_icons')!;
      await db.sql.unsafe(readFileSync(migration.file, 'utf8'));
      const icons = await db.sql<{ slug: string; iconUrl: string | null }[]>`
        SELECT slug, icon_url FROM chains WHERE slug IN ('base', 'ethereum-hoodi', 'ethereum', 'evmos') ORDER BY slug`;
      expect(icons).toEqual([
        { slug: 'base', iconUrl: '/chain-icons/base.svg' },
        { slug: 'ethereum', iconUrl: '/objects/admin-chose-this' },
        { slug: 'ethereum-hoodi', iconUrl: '/chain-icons/ethereum.svg' },
        { slug: 'evmos', iconUrl: null },
      ]);
    } finally {
      await db.close();
      await db.dropCopy();
    }
  });

  it('gives a database loaded before coverage was dated the dates and the documentation links a fresh load has', async () => {
    const db = await openTestDatabase();
    try {
      const all = () => db.sql`
        SELECT provider_id, chain_id, kind, source, url_templates, to_char(as_of, 'YYYY-MM-DD') AS as_of
        FROM provider_chains ORDER BY 1, 2, 4`;
      const fresh = await all();
      await db.sql`DELETE FROM provider_chains WHERE source LIKE '%/%@%:%'`;
      await db.sql`UPDATE provider_chains SET as_of = NULL`;
      for (const id of ['00016_provider_chain_dates_and_docs_coverage', '00018_getblock_docs_coverage']) {
        await db.sql.unsafe(readFileSync(listMigrations().find((m) => m.id === id)!.file, 'utf8'));
      }
      expect(await all()).toEqual(fresh);
    } finally {
      await db.close();
      await db.dropCopy();
    }
  });

  it("gives a database loaded before descriptions lost their counts those descriptions, keeping an admin's", async () => {
    const counted = /\b\d+ (public RPC )?endpoints?\b|\bacross \d+ networks?\b|\b\d+ of them\b|\(\w+: \d+/;
    const { providers, chains } = readDataset();
    for (const row of [...providers, ...chains]) expect(row.description, row.slug).not.toMatch(counted);
    const db = await openTestDatabase();
    try {
      await db.sql`UPDATE providers SET description = 'Decentralized RPC network. Listed with 190 endpoints across 98 networks in this dataset (74 mainnets, 24 testnets). Chainlist tracking label: none.' WHERE slug = 'drpc'`;
      await db.sql`UPDATE providers SET description = 'Written by an admin: 3 networks.' WHERE slug = 'ankr'`;
      await db.sql`UPDATE chains SET description = 'Mainnet, chain ID 8453, native currency ETH. 38 public RPC endpoints without an API key listed, plus 2 that need one.' WHERE slug = 'base'`;
      const migration = listMigrations().find((m) => m.id === '00017_descriptions_without_counts')!;
      await db.sql.unsafe(readFileSync(migration.file, 'utf8'));
      const rows = await db.sql<{ slug: string; description: string }[]>`
        SELECT slug, description FROM providers WHERE slug IN ('drpc', 'ankr')
        UNION ALL SELECT slug, description FROM chains WHERE slug = 'base' ORDER BY slug`;
      expect(rows).toEqual([
        { slug: 'ankr', description: 'Written by an admin: 3 networks.' },
        { slug: 'base', description: 'Mainnet, chain ID 8453, native currency ETH.' },
        { slug: 'drpc', description: 'Decentralized RPC network. Chainlist tracking label: none.' },
      ]);
    } finally {
      await db.close();
      await db.dropCopy();
    }
  });

  it('gives a database loaded before link kinds its sourced links: dataset, admin and api-key, once', async () => {
    const db = await openEmptyDatabase();
    const earlier = mkdtempSync(path.join(tmpdir(), 'migrations-'));
    try {
      for (const m of listMigrations().filter((m) => m.id < '00009')) {
        copyFileSync(m.file, path.join(earlier, path.basename(m.file)));
      }
      await migrate(db.sql, earlier);
      await db.sql`INSERT INTO chains (name, slug, evm_chain_id)
                   VALUES ('Base', 'base', 8453), ('Other', 'other', 999999)`;
      await db.sql`INSERT INTO providers (name, slug) VALUES ('Alchemy', 'alchemy'), ('dRPC', 'drpc')`;
      await db.sql`INSERT INTO chain_rpc_endpoints (chain_id, url, provider_id)
                   SELECT c.id, 'https://base.drpc.org', p.id FROM chains c, providers p
                   WHERE c.slug = 'base' AND p.slug = 'drpc'`;
      // dRPC on Base: its public endpoint's link; Alchemy on Other: an admin's; Alchemy on Base: an admin's too,
      // which its package's link then replaces.
      await db.sql`INSERT INTO provider_chains (provider_id, chain_id)
                   SELECT p.id, c.id FROM providers p, chains c
                   WHERE (p.slug, c.slug) IN (('drpc', 'base'), ('alchemy', 'other'), ('alchemy', 'base'))`;
      await migrate(db.sql);
      const links = await db.sql`
        SELECT p.slug AS provider, c.slug AS chain, pc.kind, pc.source, pc.url_templates
        FROM provider_chains pc JOIN providers p ON p.id = pc.provider_id JOIN chains c ON c.id = pc.chain_id
        ORDER BY 1, 2, 4`;
      expect(links).toEqual([
        {
          provider: 'alchemy',
          chain: 'base',
          kind: 'api-key',
          source: 'alchemy-sdk@3.6.5',
          urlTemplates: [
            'https://base-mainnet.g.alchemy.com/v2/{API_KEY}',
            'wss://base-mainnet.g.alchemy.com/v2/{API_KEY}',
          ],
        },
        { provider: 'alchemy', chain: 'other', kind: 'api-key', source: 'admin', urlTemplates: [] },
        { provider: 'drpc', chain: 'base', kind: 'public-endpoint', source: 'dataset', urlTemplates: [] },
      ]);
    } finally {
      rmSync(earlier, { recursive: true, force: true });
      await db.close();
      await db.drop();
    }
  }, 60_000);

  it('attributes endpoints to providers and links every provider to its chains', async () => {
    const db = await openTestDatabase();
    try {
      const [row] = await db.sql<{ attributed: number; needsKey: number; testnets: number; withParent: number }[]>`
        SELECT (SELECT count(*) FROM chain_rpc_endpoints WHERE provider_id IS NOT NULL) AS attributed,
               (SELECT count(*) FROM chain_rpc_endpoints WHERE needs_api_key) AS needs_key,
               (SELECT count(*) FROM chains WHERE is_testnet) AS testnets,
               (SELECT count(*) FROM chains WHERE parent_chain_id IS NOT NULL) AS with_parent`;
      // Figures from data/README.md ("Counts"); 27 of the 28 parents are in the dataset.
      expect(row).toEqual({ attributed: 1233, needsKey: 120, testnets: 29, withParent: 27 });
      const orphans =
        await db.sql`SELECT slug FROM providers p WHERE NOT EXISTS (SELECT 1 FROM provider_chains WHERE provider_id = p.id)`;
      expect(orphans).toEqual([]);
    } finally {
      await db.close();
      await db.dropCopy();
    }
  });
});

// Concurrent requests each get their own answer. pglite-socket queues protocol messages one by one
// and keeps a connection's messages together only inside an explicit transaction; a query too big
// for one socket read arrives in pieces, and another connection's Bind could land between its Bind
// and Execute: "portal \"\" does not exist", or no rows where there were some (a browser test saw it
// posting a provider's chain links in parallel). With four connections this failed in every run.
describe('concurrent queries', () => {
  it('answers parallel queries, large and small, with and without transactions, each with its own rows', async () => {
    const db = await openTestDatabase();
    try {
      for (let round = 0; round < 3; round++) {
        const answers = await Promise.all(
          Array.from({ length: 200 }, async (_, i) => {
            const text = 'x'.repeat(i % 3 === 0 ? 300_000 : 10); // 300 KB: more than one socket read
            const [row] =
              i % 4 === 0
                ? await db.sql.begin(async (tx) => {
                    await tx`SELECT 1`;
                    return tx<{ n: number; length: number }[]>`SELECT ${i}::int AS n, length(${text}) AS length`;
                  })
                : await db.sql<{ n: number; length: number }[]>`SELECT ${i}::int AS n, length(${text}) AS length`;
            return [row?.n, row?.length];
          }),
        );
        expect(answers).toEqual(Array.from({ length: 200 }, (_, i) => [i, i % 3 === 0 ? 300_000 : 10]));
      }
    } finally {
      await db.close();
      await db.dropCopy();
    }
  });
});

// A write's process marks its own cache stale before answering; were its NOTIFY's echo heard too, a round trip
// later, it would mark stale what was computed in between (a kept page, rendered again for nothing).
describe('cache invalidation notices', () => {
  it('reach this process at once and once, and the other processes on the database', async () => {
    const db = await openEmptyDatabase();
    const other = db.url ? await openDatabase({ databaseUrl: db.url, poolSize: 1 }) : undefined;
    try {
      let heard = 0;
      let otherHeard = 0;
      db.onInvalidation(() => heard++);
      other?.onInvalidation(() => otherHeard++);
      const published = db.publishInvalidation();
      expect(heard).toBe(1);
      await published;
      if (!other) return; // embedded: one process by nature, nothing travels
      const deadline = Date.now() + 5000;
      while (otherHeard < 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(otherHeard).toBe(1);
      // The other's notice, sent after ours, arrives after our echo would have: by then we heard 2, not 3.
      await other.publishInvalidation();
      while (heard < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      // Reaching 2 could be our own echo arriving first: a moment more lets a third notice show, were there one.
      await new Promise((r) => setTimeout(r, 100));
      expect([heard, otherHeard]).toEqual([2, 2]);
    } finally {
      await other?.close();
      await db.close();
      await db.drop();
    }
  });
});

// The real server process on its own embedded data directory: Ctrl-C while requests are in flight
// must leave a database that reopens with everything in it.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('shutdown', () => {
  it('survives SIGINT mid-request and reopens cleanly', async () => {
    const dataDir = await createEmbeddedDataDir();
    const server = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      await server.ready;
      const base = server.url;
      // Requests in flight while the signal arrives: each either completes or is refused, none hangs.
      const inFlight = Array.from({ length: 20 }, (_, i) =>
        fetch(`${base}/api/${i % 2 ? 'providers' : 'chains/with-stats'}`).then(
          (r) => r.status,
          () => 'refused',
        ),
      );
      await new Promise((r) => setTimeout(r, 20));
      server.child.kill('SIGINT');
      expect(await server.exited).toBe(0);
      const statuses = await Promise.all(inFlight);
      expect(statuses.every((s) => s === 200 || s === 'refused')).toBe(true);

      const reopened = await openDatabase({ dataDir });
      try {
        expect(await counts(reopened)).toMatchObject({ chains: 139, providers: 59, endpoints: 1806 });
        expect(await migrate(reopened.sql)).toEqual([]);
      } finally {
        await reopened.close();
      }
    } finally {
      server.child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});

// `npm run build`'s prebuilt database (api/db/prebuilt.ts) is what a new embedded data directory starts from.
describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('a new data directory from a template', () => {
  it('starts as a copy of the template, migrated and loaded; a directory holding a database is opened as it is', async () => {
    const template = await createEmbeddedDataDir();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rpc-atlas-new-'));
    const asked: string[] = [];
    const templateDir = () => {
      asked.push('template');
      return path.join(template, 'pg');
    };
    try {
      const fresh = await openDatabase({ dataDir, template: templateDir });
      try {
        expect(fresh.label).toContain(`(new: a copy of ${path.join(template, 'pg')})`);
        expect(await migrate(fresh.sql)).toEqual([]);
        expect(await seedIfEmpty(fresh.sql)).toBe(false);
        expect(await counts(fresh)).toMatchObject({ chains: 139, providers: 59, endpoints: 1806 });
        await fresh.sql`UPDATE chains SET name = 'Renamed here' WHERE slug = 'ethereum'`;
      } finally {
        await fresh.close();
      }
      const reopened = await openDatabase({ dataDir, template: templateDir });
      try {
        expect(reopened.label).not.toContain('(new');
        const [{ name }] = await reopened.sql<{ name: string }[]>`SELECT name FROM chains WHERE slug = 'ethereum'`;
        expect(name).toBe('Renamed here');
      } finally {
        await reopened.close();
      }
      // Asked only while the directory held no database.
      expect(asked).toEqual(['template']);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(template, { recursive: true, force: true });
    }
  }, 120_000);
});
