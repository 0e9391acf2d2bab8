// Starts bench/lib/serve.ts in a child process and talks to its control port.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT, sleep } from './env.ts';

export type Target = {
  url: string;
  ceilingUrl: string;
  noCacheUrl: string;
  capture: (paths: string[]) => Promise<Record<string, number>>;
  invalidate: () => Promise<void>;
  memory: () => Promise<NodeJS.MemoryUsage>;
  stop: () => Promise<void>;
};

const children = new Set<ChildProcess>();
// A bench that dies must not leave servers holding its ports.
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});

/** Spawns `node --import tsx file` with env, piping its stderr to ours; stdout (request logs) goes to /dev/null. */
export function spawnTsx(
  file: string,
  env: Record<string, string | undefined>,
  stdout: 'ignore' | 'pipe' = 'ignore',
): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, file)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Resolves when `url` answers 200, rejects when the child exits first or after `timeoutMs`. */
export async function waitForOk(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const r = await fetch(url);
      await r.arrayBuffer();
      if (r.status === 200) return;
    } catch {
      /* not listening yet */
    }
    await sleep(25);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

export function stopChild(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** The app over `DATABASE_URL` (real PostgreSQL) or `DATA_DIR` (embedded), on port..port+3. */
export async function startTarget(port: number, db: { databaseUrl: string } | { dataDir: string }): Promise<Target> {
  const env =
    'databaseUrl' in db
      ? { DATABASE_URL: db.databaseUrl, DATA_DIR: undefined }
      : { DATA_DIR: db.dataDir, DATABASE_URL: undefined };
  const child = spawnTsx('bench/lib/serve.ts', {
    ...env,
    BENCH_PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NODE_ENV: 'development',
    LOG_LEVEL: 'info',
  });
  const control = `http://127.0.0.1:${port + 3}`;
  await waitForOk(`http://127.0.0.1:${port}/healthz`, child, 300_000);
  await waitForOk(`${control}/memory`, child);
  const call = async (method: string, p: string, body?: unknown) => {
    const r = await fetch(control + p, { method, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await r.json();
    if (!r.ok) throw new Error(`bench control ${p}: ${json.message}`);
    return json;
  };
  return {
    url: `http://127.0.0.1:${port}`,
    ceilingUrl: `http://127.0.0.1:${port + 1}`,
    noCacheUrl: `http://127.0.0.1:${port + 2}`,
    capture: (paths) => call('POST', '/capture', { paths }),
    invalidate: () => call('POST', '/invalidate'),
    memory: () => call('GET', '/memory'),
    stop: () => stopChild(child),
  };
}
