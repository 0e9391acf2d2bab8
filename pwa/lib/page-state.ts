// The query data a server-rendered page carries for hydration (pwa/entry-server.tsx writes it, pwa/main.tsx reads it).
// Provider answers name their chains as objects (a provider's `chains`, an endpoint's `chain`) that
// repeat the page's own chain list: a provider on 100 chains carries 10 KB of names, slugs, icons and colours the
// frame's chain summary (`/api/chains/summary`) already holds. The page carries such objects as ids (and kinds), and the browser puts the
// objects back before the data reaches the query cache, so the cache holds exactly what the API answered.
import type { DehydratedState } from '@tanstack/react-query';
import type { ChainRef } from '../../contract/chains.ts';
import { chainKeys } from '../data/chains.ts';

/**
 * The marks of what is carried as references: `chains: { [CHAIN_LIST]: [[id, kind?], …] }` in place of a list of
 * chain objects, `chain: { [CHAIN]: id }` in place of one.
 */
const CHAIN_LIST = '$chainIds';
const CHAIN = '$chainId';
const REF_FIELDS = ['id', 'name', 'slug', 'iconUrl', 'color'] as const;

type Json = unknown;
type ChainsById = ReadonlyMap<number, ChainRef>;
type CarriedChain = [id: number, kind?: string];

const isChainList = (query: DehydratedState['queries'][number]) =>
  JSON.stringify(query.queryKey) === JSON.stringify(chainKeys.summary());

function chainsOf(state: DehydratedState): ChainsById | undefined {
  const chains = state.queries.find(isChainList)?.state.data;
  return Array.isArray(chains) ? new Map((chains as ChainRef[]).map((c) => [c.id, c])) : undefined;
}

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The chain as a reference when it is exactly its entry in the page's list (plus, in a list, its kind). */
function asRef(chain: Json, byId: ChainsById, withKind: boolean): CarriedChain | undefined {
  if (!isObject(chain)) return undefined;
  const listed = byId.get(chain.id as number);
  const { kind, ...ref } = chain;
  const kindFits = kind === undefined || (withKind && typeof kind === 'string');
  const same = Object.keys(ref).length === REF_FIELDS.length && REF_FIELDS.every((f) => ref[f] === listed?.[f]);
  if (!listed || !kindFits || !same) return undefined;
  return kind === undefined ? [listed.id] : [listed.id, kind as string];
}

function chainObject(byId: ChainsById, [id, kind]: CarriedChain) {
  const { name, slug, iconUrl, color } = byId.get(id)!;
  return kind === undefined ? { id, name, slug, iconUrl, color } : { id, name, slug, iconUrl, color, kind };
}

/** Changes every `chains` and `chain` field in `value` by `change`, in place (no copies: it runs as the page starts). */
function changeChainFields(value: Json, change: (key: 'chain' | 'chains', field: Json) => Json): void {
  if (Array.isArray(value)) for (const item of value) changeChainFields(item, change);
  else if (isObject(value))
    for (const key in value) {
      if (key === 'chains' || key === 'chain') value[key] = change(key, value[key]);
      else changeChainFields(value[key], change);
    }
}

function changeData(state: DehydratedState, change: (key: 'chain' | 'chains', field: Json) => Json): DehydratedState {
  // The chain list is the source, not a holder of references: not walked.
  for (const query of state.queries) if (!isChainList(query)) changeChainFields(query.state.data, change);
  return state;
}

/**
 * On the server: chain objects carried as references to the page's chain list where they match it exactly (a
 * copy: the state's data is the render's query cache).
 */
export function compactPageState(state: DehydratedState): DehydratedState {
  const byId = chainsOf(state);
  if (!byId) return state;
  return changeData(structuredClone(state), (key, field) => {
    if (key === 'chain') {
      const ref = asRef(field, byId, false);
      return ref ? { [CHAIN]: ref[0] } : field;
    }
    if (!Array.isArray(field)) return field;
    const refs = field.map((chain) => asRef(chain, byId, true));
    return refs.every((ref) => ref !== undefined) ? { [CHAIN_LIST]: refs } : field;
  });
}

/** In the browser: the chain objects put back from the page's chain list (in place: the page's own parsed copy). */
export function expandPageState(state: DehydratedState): DehydratedState {
  const byId = chainsOf(state);
  if (!byId) return state;
  return changeData(state, (key, field) => {
    if (!isObject(field)) return field;
    if (key === 'chain' && typeof field[CHAIN] === 'number') return chainObject(byId, [field[CHAIN]]);
    if (key === 'chains' && Array.isArray(field[CHAIN_LIST]))
      return (field[CHAIN_LIST] as CarriedChain[]).map((ref) => chainObject(byId, ref));
    return field;
  });
}
