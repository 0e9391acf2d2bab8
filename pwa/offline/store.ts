// Saved API answers: every successful public GET is kept under its path, and when the network fails the
// same path is answered from here — the exact JSON the server sent, so pages parse it with the same
// schemas. Search has no saved answers: it runs locally over the saved provider and chain lists; a chain's
// provider list is derived from the saved provider list too (the directory sync does not copy those lists).
import type { Chain, ChainSummary, ChainWithStats } from '../../contract/chains.ts';
import type { Provider } from '../../contract/providers.ts';
import type { OfflineReads } from '../lib/api.ts';
import { BY_CHAIN_PATH, ON_CHAIN_BRIEF_PATH, providersOnChain } from './by-chain.ts';
import {
  chainSummarySelection,
  providerOnChain,
  selectChainSummaries,
  summarizeChain,
  type ChainSummarySelection,
} from '../../contract/chain-page.ts';
import type { OfflineDatabase } from './db.ts';

/** The public read endpoints (the server's `cached` routes): the same answer for every visitor. */
const PUBLIC_READS = /^\/api\/(providers|chains|homepage|about|category|partner-links|ads|tracking-settings)(\/|$)/;

/**
 * Public answers only: nothing about the signed-in user ("…/mine", the account), nothing of the admin panel
 * (online only, and not for a shared device's disk), and not search (answered locally). A list of what
 * may be kept rather than of what may not, so a new private endpoint is never written to disk by accident.
 */
export function isSavedPath(path: string): boolean {
  return PUBLIC_READS.test(path) && !/\/mine$/.test(path);
}

export async function saveResponse(
  db: OfflineDatabase,
  path: string,
  data: unknown,
  savedAt = Date.now(),
): Promise<void> {
  await db.responses.put({ path, data, savedAt });
}

const SEARCH_PATH = /^\/api\/search\?/;

/**
 * A chain's providers (GET /api/providers/by-chain/{id}, or its `/brief`, which `shape` makes from them): derived
 * from the saved provider list, unless the chain page saved its own answer after that list (read online since:
 * newer, and for a chain the list may not know yet). A chain the saved chain list does not hold has no answer, as
 * the server's is a 404.
 */
async function loadProvidersOnChain(
  db: OfflineDatabase,
  path: string,
  chainId: number,
  shape: (providers: Provider[]) => unknown,
): Promise<unknown> {
  const [own, providers, chains] = await db.responses.bulkGet([path, '/api/providers', '/api/chains']);
  if (own && (!providers || own.savedAt > providers.savedAt)) return own.data;
  if (!providers || !(chains?.data as Chain[] | undefined)?.some((c) => c.id === chainId)) return undefined;
  return shape(providersOnChain(providers.data as Provider[], chainId));
}

const CHAIN_SUMMARY_PATH = '/api/chains/summary';

/** The chains' summary: saved, or else made from the saved chain list (a copy saved before the summary existed). */
async function loadChainSummary(db: OfflineDatabase): Promise<ChainSummary[] | undefined> {
  const [own, chains] = await db.responses.bulkGet([CHAIN_SUMMARY_PATH, '/api/chains']);
  if (own) return own.data as ChainSummary[];
  return (chains?.data as Chain[] | undefined)?.map(summarizeChain);
}

/** A part of the summary (`?testnet&first`): saved if read online since the summary was, else chosen from it. */
async function loadChainSummaryPart(db: OfflineDatabase, path: string, selection: ChainSummarySelection) {
  const [own, whole] = await db.responses.bulkGet([path, CHAIN_SUMMARY_PATH]);
  if (own && (!whole || own.savedAt > whole.savedAt)) return own.data;
  const summary = await loadChainSummary(db);
  return summary && selectChainSummaries(summary, selection);
}

/** The saved answer for `path` (or the local search's, or a chain's providers derived), undefined when there is none. */
export async function loadResponse(db: OfflineDatabase, path: string): Promise<unknown> {
  if (path === CHAIN_SUMMARY_PATH) return loadChainSummary(db);
  if (path.startsWith(`${CHAIN_SUMMARY_PATH}?`)) {
    const selection = chainSummarySelection(new URLSearchParams(path.slice(CHAIN_SUMMARY_PATH.length)));
    return selection ? loadChainSummaryPart(db, path, selection) : undefined;
  }
  const byChain = BY_CHAIN_PATH.exec(path);
  if (byChain) return loadProvidersOnChain(db, path, Number(byChain[1]), (providers) => providers);
  const brief = ON_CHAIN_BRIEF_PATH.exec(path);
  if (brief) {
    const chainId = Number(brief[1]);
    return loadProvidersOnChain(db, path, chainId, (providers) => providers.map((p) => providerOnChain(p, chainId)));
  }
  if (SEARCH_PATH.test(path)) {
    const [providers, chains] = await Promise.all([
      db.responses.get('/api/providers'),
      db.responses.get('/api/chains/with-stats'),
    ]);
    if (!providers || !chains) return undefined;
    const q = new URLSearchParams(path.slice(path.indexOf('?'))).get('q') ?? '';
    // Loaded on first use: the matcher brings the API's zod schemas, which the first paint does without.
    const { searchDirectory } = await import('./search.ts');
    return searchDirectory(providers.data as Provider[], chains.data as ChainWithStats[], q);
  }
  return (await db.responses.get(path))?.data;
}

/** What this device holds: when it was saved, and how far the directory copy got (parts stored of `parts`). */
export type OfflineCopy = { savedAt: number | null; finished: boolean; part: number; parts: number | null };

/**
 * When the directory was saved: the last finished sync, else the newest saved answer (null when nothing is
 * saved); and how much of the directory the copy holds.
 */
export async function offlineCopy(db: OfflineDatabase): Promise<OfflineCopy> {
  const run = await db.sync.get('directory');
  const finishedAt = run?.finishedAt || run?.previousFinishedAt;
  const savedAt = finishedAt || ((await db.responses.orderBy('savedAt').last())?.savedAt ?? null);
  const finished = Boolean(finishedAt);
  return { savedAt, finished, part: run?.nextPart ?? 0, parts: run?.parts ?? null };
}

/** Saves the public ones of `answers` (path → data) in one transaction. */
export async function saveResponses(db: OfflineDatabase, answers: [path: string, data: unknown][]): Promise<void> {
  const savedAt = Date.now();
  await db.responses.bulkPut(
    answers.filter(([path]) => isSavedPath(path)).map(([path, data]) => ({ path, data, savedAt })),
  );
}

/** The hook lib/api.ts calls on every GET. Saving never holds up or breaks a page (a full disk only loses the copy). */
export function offlineReads(db: OfflineDatabase): OfflineReads {
  return {
    save: (path, data) => {
      if (isSavedPath(path)) saveResponse(db, path, data).catch(() => {});
    },
    load: (path) => loadResponse(db, path).catch(() => undefined),
  };
}
