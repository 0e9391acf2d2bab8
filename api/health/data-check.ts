// Is an endpoint's data right? Once a round, per chain, every endpoint that answered the chain is asked the hash of
// one block a few behind the consensus head; one whose hash differs from a hash at least WRONG_DATA_MIN_AGREEING
// others agree on (and more than agree with its own) is wrong-data. An endpoint that gave no hash is not judged.
import type { Queryable } from '../db/index.ts';
import { answeringEndpointsByChain, probeTargets, saveDataCheck } from '../../sql/queries/health.ts';
import { WRONG_DATA_DEPTH, WRONG_DATA_MIN_AGREEING } from '../../contract/health-rule.ts';
import { blockHashAt, type ProbeOptions } from './probe.ts';
import { consensusHead } from './status.ts';

/** Per endpoint: how many others agree on a hash it differs from (null: it agrees, or no larger group differs). */
export function judgeHashes(hashes: Map<number, string>): Map<number, number | null> {
  const agreeing = new Map<string, number>();
  for (const hash of hashes.values()) agreeing.set(hash, (agreeing.get(hash) ?? 0) + 1);
  const verdicts = new Map<number, number | null>();
  for (const [endpointId, own] of hashes) {
    const largestOther = Math.max(0, ...[...agreeing].filter(([h]) => h !== own).map(([, n]) => n));
    const differs = largestOther >= WRONG_DATA_MIN_AGREEING && largestOther > agreeing.get(own)!;
    verdicts.set(endpointId, differs ? largestOther : null);
  }
  return verdicts;
}

type Limit = <T>(host: string, task: () => Promise<T>) => Promise<T>;

/** Compares every chain's answering endpoints (three or more) and stores who serves different data. */
export async function checkData(sql: Queryable, options: ProbeOptions, perHost: Limit = (_h, task) => task()) {
  let judged = 0;
  for (const chain of await answeringEndpointsByChain(sql)) {
    const head = consensusHead(chain.heads);
    if (head === null || head < WRONG_DATA_DEPTH) continue;
    const block = head - WRONG_DATA_DEPTH;
    const targets = await probeTargets(sql, chain.ids);
    const hashes = new Map<number, string>();
    await Promise.all(
      targets.map(async (t) => {
        const hash = await perHost(new URL(t.url).hostname, () => blockHashAt(t.url, options, block));
        if (hash) hashes.set(t.id, hash);
      }),
    );
    const verdicts = judgeHashes(hashes);
    await saveDataCheck(
      sql,
      [...verdicts].map(([endpointId, disagreesWith]) => ({ endpointId, disagreesWith })),
    );
    judged += verdicts.size;
  }
  return judged;
}
