// The query data a server-rendered page carries for hydration (pwa/entry-server.tsx writes it, pwa/main.tsx reads it),
// written in a compact form the browser turns back into exactly the dehydrated queries, so the query cache holds what
// the API answered. What the form leaves out is what the page's data repeats:
// - chain objects (a provider's `chains`, an endpoint's `chain`) that are the entries of the frame's chain summary
//   (`/api/chains/summary`) travel as ids: a provider on 100 chains would carry 10 KB of names, slugs and icons;
// - a value that occurs more than once (a provider both in the list and among the popular ones, the health of an
//   endpoint never probed) travels once, in `shared`, and is named by its index where it occurs;
// - a list of objects with the same fields travels as a table: the field names once, a field with one value in every
//   row once, then each row's other values;
// - a part of the chain summary (`/api/chains/summary?first=16`, the site's frame) travels as its query alone when the
//   page carries the whole summary too: the browser chooses it from the summary again;
// - a query's state besides its data and time (no error, fetched once, idle) is the same for every query drawn.
import { hashKey, type DehydratedState } from '@tanstack/react-query';
import type { ChainRef, ChainSummary } from '../../contract/chains.ts';
import { chainSummarySelection, selectChainSummaries, type ChainSummarySelection } from '../../contract/chain-page.ts';
import { chainKeys } from '../data/chains.ts';

type Json = unknown;
type JsonObject = Record<string, Json>;
type Query = DehydratedState['queries'][number];

/**
 * The page's data as carried: `d` the query data, `t` the time it was read (`dataUpdatedAt`); `q` a query kept whole;
 * `part`, a part of the chain summary to choose from the summary.
 */
export type CarriedQuery =
  { queryKey: readonly Json[]; d: Json; t: number } | { queryKey: readonly Json[]; part: 1; t: number } | { q: Query };
export type CarriedPageState = { v: 2; at: number; shared: Json[]; queries: CarriedQuery[] };

/**
 * Marks inside carried data (no API answer has a field beginning with "$": an answer that does is carried as it is):
 * `{ $chainIds: [id, -id, [id], …] }` a list of chains (a negative id: served with an API key, an id alone in a
 * list: no kind), `{ $chainIds: "pk…" }` the same chains as the object's own `chainIds`, in their order, with their
 * kinds; `{ $chainId: id }` one chain; `{ $s: i }` the i-th shared value; `{ $f: [names], $same: {…}, $rows: [[…]] }`
 * a list of objects; `{ $up: [first, step, …] }` a rising list of integers.
 */
const CHAIN_LIST = '$chainIds';
const CHAIN = '$chainId';
const SHARED = '$s';
const AT = '$at';
const FIELDS = '$f';
const SAME = '$same';
const ROWS = '$rows';
const MARKS = '$marks';
const AFFIXES = '$affix';
const STEPS = '$up';
/** Rising lists of integers at least this long are written as the steps between them (a provider's chain ids). */
const MIN_STEPS = 8;
const REF_FIELDS = ['id', 'name', 'slug', 'iconUrl', 'color'] as const;
const KIND_LETTERS: ReadonlyMap<Json, string> = new Map([
  ['public-endpoint', 'p'],
  ['api-key', 'k'],
]);
const KINDS_BY_LETTER: Record<string, string> = { p: 'public-endpoint', k: 'api-key' };
/** Values shorter than this in JSON are written where they occur, however often: a name for them costs as much. */
const MIN_SHARED_LENGTH = 24;

type ChainsById = ReadonlyMap<number, ChainRef>;

const isObject = (value: Json): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isChainSummary = (queryKey: readonly Json[]) => JSON.stringify(queryKey) === JSON.stringify(chainKeys.summary());

/** The selection a query of a part of the chain summary makes (`chainKeys.summaryPart`); null for any other query. */
function summaryPart(queryKey: readonly Json[]): ChainSummarySelection | null {
  const [all, part] = queryKey;
  const prefix = `${chainKeys.summary()[1]}?`;
  if (queryKey.length !== 2 || all !== chainKeys.all[0] || typeof part !== 'string' || !part.startsWith(prefix))
    return null;
  return chainSummarySelection(new URLSearchParams(part.slice(prefix.length)));
}

/** Whether any object in `value` has a field beginning with "$" (such data is carried as it is). */
function hasMarkedField(value: Json): boolean {
  if (Array.isArray(value)) return value.some(hasMarkedField);
  if (!isObject(value)) return false;
  return Object.entries(value).some(([key, v]) => key.startsWith('$') || hasMarkedField(v));
}

// ---------- chains as ids ----------

/** The chain's id when it is exactly its entry in the summary (plus, in a list, its kind); undefined otherwise. */
function chainId(chain: Json, byId: ChainsById): number | undefined {
  if (!isObject(chain)) return undefined;
  const { kind: _kind, ...ref } = chain;
  const listed = byId.get(chain.id as number);
  const same =
    listed !== undefined &&
    Object.keys(ref).length === REF_FIELDS.length &&
    REF_FIELDS.every((f) => ref[f] === listed[f]);
  return same && listed.id > 0 ? listed.id : undefined;
}

function chainListAsIds(list: Json, parent: JsonObject, byId: ChainsById): Json {
  if (!Array.isArray(list) || list.length === 0) return list;
  const ids = list.map((c) => chainId(c, byId));
  if (ids.some((id) => id === undefined)) return list;
  const kinds = list.map((c) => (c as JsonObject).kind);
  const letters = kinds.map((k) => KIND_LETTERS.get(k));
  const own = parent.chainIds;
  if (
    letters.every((l) => l !== undefined) &&
    Array.isArray(own) &&
    own.length === ids.length &&
    own.every((id, i) => id === ids[i])
  )
    return { [CHAIN_LIST]: letters.join('') };
  if (kinds.some((k) => k !== undefined && !KIND_LETTERS.has(k))) return list;
  return { [CHAIN_LIST]: ids.map((id, i) => (kinds[i] === undefined ? [id] : kinds[i] === 'api-key' ? -id! : id)) };
}

function chainObject(byId: ChainsById, id: number, kind?: string) {
  const { name, slug, iconUrl, color } = byId.get(id)!;
  return kind === undefined ? { id, name, slug, iconUrl, color } : { id, name, slug, iconUrl, color, kind };
}

function chainListFromIds(carried: Json, parent: JsonObject, byId: ChainsById): Json {
  if (typeof carried === 'string') {
    const own = parent.chainIds as number[];
    return [...carried].map((letter, i) => chainObject(byId, own[i], KINDS_BY_LETTER[letter]));
  }
  return (carried as Json[]).map((ref) =>
    Array.isArray(ref)
      ? chainObject(byId, ref[0] as number)
      : chainObject(byId, Math.abs(ref as number), (ref as number) < 0 ? 'api-key' : 'public-endpoint'),
  );
}

/** A copy of `value` with its `chains` and `chain` fields as ids where they are the summary's entries. */
function chainsAsIds(value: Json, byId: ChainsById): Json {
  if (Array.isArray(value)) return value.map((v) => chainsAsIds(v, byId));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) {
    const id = key === 'chain' ? chainId(v, byId) : undefined;
    if (key === 'chain' && id !== undefined && (v as JsonObject).kind === undefined) out[key] = { [CHAIN]: id };
    else if (key === 'chains') {
      const carried = chainListAsIds(v, value, byId);
      out[key] = carried === v ? chainsAsIds(v, byId) : carried;
    } else out[key] = chainsAsIds(v, byId);
  }
  return out;
}

/** The chain objects put back, in place. */
function chainsFromIds(value: Json, byId: ChainsById): void {
  if (Array.isArray(value)) for (const v of value) chainsFromIds(v, byId);
  else if (isObject(value))
    for (const key in value) {
      const v = value[key];
      if (key === 'chain' && isObject(v) && typeof v[CHAIN] === 'number') value[key] = chainObject(byId, v[CHAIN]);
      else if (key === 'chains' && isObject(v) && CHAIN_LIST in v)
        value[key] = chainListFromIds(v[CHAIN_LIST], value, byId);
      else chainsFromIds(v, byId);
    }
}

// ---------- values carried once ----------

/** How often each value (object or list) of at least MIN_SHARED_LENGTH occurs in `roots`, by its JSON. */
function countValues(roots: Json[]): Map<string, number> {
  const counts = new Map<string, number>();
  const visit = (value: Json): string => {
    if (Array.isArray(value)) {
      const json = `[${value.map(visit).join(',')}]`;
      if (json.length >= MIN_SHARED_LENGTH) counts.set(json, (counts.get(json) ?? 0) + 1);
      return json;
    }
    if (isObject(value)) {
      const json = `{${Object.entries(value)
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => `${JSON.stringify(k)}:${visit(v)}`)
        .join(',')}}`;
      if (json.length >= MIN_SHARED_LENGTH) counts.set(json, (counts.get(json) ?? 0) + 1);
      return json;
    }
    return JSON.stringify(value) ?? 'null';
  };
  roots.forEach(visit);
  return counts;
}

/**
 * Each repeated value once: an item of a list where it first occurs (a later occurrence names its place, `{ $at: [query,
 * …keys] }`), any other value in `shared` (`{ $s: i }`).
 */
function shareRepeats(roots: Json[]): { roots: Json[]; shared: Json[] } {
  const counts = countValues(roots);
  const shared: Json[] = [];
  const names = new Map<string, Json>();
  const share = (value: Json, at: (string | number)[] | undefined, inList: boolean): Json => {
    if (typeof value !== 'object' || value === null) return value;
    const json = JSON.stringify(value);
    if ((counts.get(json) ?? 0) > 1) {
      const name = names.get(json);
      if (name) return structuredClone(name);
      if (inList && at) names.set(json, { [AT]: at });
      else {
        const i = shared.length;
        names.set(json, { [SHARED]: i });
        shared.push(null);
        shared[i] = inside(value, undefined);
        return { [SHARED]: i };
      }
    }
    return inside(value, at);
  };
  const inside = (value: Json, at: (string | number)[] | undefined): Json =>
    Array.isArray(value)
      ? value.map((v, i) => share(v, at && [...at, i], true))
      : Object.fromEntries(Object.entries(value as JsonObject).map(([k, v]) => [k, share(v, at && [...at, k], false)]));
  return { roots: roots.map((r, i) => share(r, [i], false)), shared };
}

/** Puts back, in place, every `{ $s: i }` and `{ $at: place }` (in the order they were made: a place precedes its names). */
function unshare(roots: Json[], shared: Json[]): void {
  const made = new Map<number, Json>();
  const find = (at: (string | number)[]) =>
    at.slice(1).reduce<Json>((v, k) => (v as JsonObject)[k], roots[at[0] as number]);
  const resolve = (value: Json): Json => {
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) value[i] = resolve(value[i]);
      return value;
    }
    if (!isObject(value)) return value;
    const keys = Object.keys(value);
    if (keys.length === 1 && keys[0] === SHARED) {
      const i = value[SHARED] as number;
      if (!made.has(i)) made.set(i, resolve(shared[i]));
      return structuredClone(made.get(i));
    }
    if (keys.length === 1 && keys[0] === AT) return structuredClone(find(value[AT] as (string | number)[]));
    for (const key of keys) value[key] = resolve(value[key]);
    return value;
  };
  for (let i = 0; i < roots.length; i++) roots[i] = resolve(roots[i]);
}

// ---------- lists of objects as tables ----------

/** A copy of a value put back in more than one place (a text or number is its own copy: most are). */
const copy = (value: Json): Json => (typeof value === 'object' && value !== null ? structuredClone(value) : value);

/** The longest start (or end, `fromEnd`) all of `texts` have. */
function commonAffix(texts: string[], fromEnd: boolean): string {
  let affix = texts[0];
  for (const t of texts) {
    while (!(fromEnd ? t.endsWith(affix) : t.startsWith(affix))) affix = fromEnd ? affix.slice(1) : affix.slice(0, -1);
  }
  return affix;
}

/**
 * A field's values in a table's rows, and how to read them back: `mark` when every value is an object of that one
 * mark (`{ $chainId: 3 }` → 3), `affix` when every value is null or a text beginning and ending alike.
 */
function column(values: Json[]): { values: Json[]; mark?: string; affix?: [string, string] } {
  const marks = new Set(values.map((v) => (isObject(v) && Object.keys(v).length === 1 ? Object.keys(v)[0] : '')));
  const [mark] = marks;
  if (marks.size === 1 && mark.startsWith('$')) return { values: values.map((v) => (v as JsonObject)[mark]), mark };
  const texts = values.filter((v) => v !== null);
  if (texts.length < 2 || !texts.every((v) => typeof v === 'string')) return { values };
  const start = commonAffix(texts as string[], false);
  const end = commonAffix(
    (texts as string[]).map((t) => t.slice(start.length)),
    true,
  );
  if (start.length + end.length < 4) return { values };
  return {
    values: values.map((v) => (v === null ? v : (v as string).slice(start.length, (v as string).length - end.length))),
    affix: [start, end],
  };
}

/** Whether `value` is a list of integers, each greater than the one before, long enough to write as steps. */
const isRising = (value: Json[]) =>
  value.length >= MIN_STEPS &&
  value.every((v, i) => Number.isSafeInteger(v) && (i === 0 || (v as number) > (value[i - 1] as number)));

function asTables(value: Json): Json {
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, asTables(v)]));
  if (!Array.isArray(value)) return value;
  if (isRising(value))
    return { [STEPS]: value.map((v, i) => (v as number) - (i === 0 ? 0 : (value[i - 1] as number))) };
  const items = value.map(asTables);
  const fields = isObject(items[0]) ? Object.keys(items[0]) : [];
  const sameFields =
    items.length > 1 &&
    fields.length > 0 &&
    items.every((item) => isObject(item) && Object.keys(item).join('\0') === fields.join('\0'));
  if (!sameFields) return items;
  const rows = items as JsonObject[];
  const same: JsonObject = {};
  const marks: Record<string, string> = {};
  const affixes: Record<string, [string, string]> = {};
  const columns: Json[][] = [];
  for (const f of fields) {
    const json = JSON.stringify(rows[0][f]);
    if (rows.every((row) => JSON.stringify(row[f]) === json)) {
      same[f] = rows[0][f];
      continue;
    }
    const c = column(rows.map((row) => row[f]));
    if (c.mark) marks[f] = c.mark;
    if (c.affix) affixes[f] = c.affix;
    columns.push(c.values);
  }
  return {
    [FIELDS]: fields,
    [SAME]: same,
    [MARKS]: marks,
    [AFFIXES]: affixes,
    [ROWS]: rows.map((_, r) => columns.map((c) => c[r])),
  };
}

function fromTables(value: Json): Json {
  if (Array.isArray(value)) return value.map(fromTables);
  if (!isObject(value)) return value;
  if (Array.isArray(value[STEPS]) && Object.keys(value).length === 1) {
    let sum = 0;
    return (value[STEPS] as number[]).map((step) => (sum += step));
  }
  if (Array.isArray(value[FIELDS]) && Array.isArray(value[ROWS])) {
    const fields = value[FIELDS] as string[];
    const same = value[SAME] as JsonObject;
    const marks = value[MARKS] as Record<string, string>;
    const affixes = value[AFFIXES] as Record<string, [string, string]>;
    const column = new Map(fields.filter((f) => !(f in same)).map((f, i) => [f, i]));
    return (value[ROWS] as Json[][]).map((row) => {
      const item: JsonObject = {};
      for (const f of fields) {
        const at = column.get(f);
        if (at === undefined) {
          item[f] = copy(same[f]);
          continue;
        }
        const raw = row[at];
        const v = fromTables(f in marks ? { [marks[f]]: raw } : raw);
        const affix = affixes[f];
        item[f] = affix && typeof v === 'string' ? `${affix[0]}${v}${affix[1]}` : v;
      }
      return item;
    });
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fromTables(v)]));
}

// ---------- the page's state ----------

/** Whether the query's state is the one every query drawn has, but for its data and time. */
function isPlain(query: Query): boolean {
  const s = query.state;
  return (
    s.status === 'success' &&
    s.fetchStatus === 'idle' &&
    s.dataUpdateCount === 1 &&
    s.error === null &&
    s.errorUpdateCount === 0 &&
    s.errorUpdatedAt === 0 &&
    s.fetchFailureCount === 0 &&
    s.fetchFailureReason === null &&
    s.fetchMeta === null &&
    !s.isInvalidated &&
    query.queryHash === hashKey(query.queryKey) &&
    query.meta === undefined &&
    query.promise === undefined &&
    !hasMarkedField(s.data)
  );
}

/** On the server: the page's dehydrated queries in their carried form. */
export function compactPageState(state: DehydratedState): CarriedPageState {
  const summary = state.queries.find((q) => isChainSummary(q.queryKey))?.state.data;
  const byId: ChainsById = new Map(Array.isArray(summary) ? (summary as ChainRef[]).map((c) => [c.id, c]) : []);
  // Parts of the summary it holds (the same chains, in its order), chosen from it again in the browser.
  const chosen = state.queries.map((q) => {
    const selection = Array.isArray(summary) && summaryPart(q.queryKey);
    return (
      selection &&
      isPlain(q) &&
      JSON.stringify(q.state.data) === JSON.stringify(selectChainSummaries(summary as ChainSummary[], selection))
    );
  });
  const plain = state.queries.map((q, i) => isPlain(q) && !chosen[i]);
  const data = state.queries.map((q, i) =>
    plain[i] && !isChainSummary(q.queryKey) ? chainsAsIds(q.state.data, byId) : q.state.data,
  );
  const { roots, shared } = shareRepeats(data.filter((_, i) => plain[i]));
  let next = 0;
  const at = Math.max(0, ...state.queries.map((q) => q.dehydratedAt ?? 0));
  return {
    v: 2,
    at,
    shared: shared.map(asTables),
    queries: state.queries.map((q, i): CarriedQuery => {
      if (chosen[i]) return { queryKey: q.queryKey, part: 1, t: q.state.dataUpdatedAt };
      if (!plain[i]) return { q };
      return { queryKey: q.queryKey, d: asTables(roots[next++]), t: q.state.dataUpdatedAt };
    }),
  };
}

/** In the browser: the dehydrated queries the carried state was made from. */
export function expandPageState(carried: CarriedPageState): DehydratedState {
  const shared = carried.shared.map(fromTables);
  const queries = carried.queries.map((c): Query => {
    if ('q' in c) return c.q;
    const data = 'part' in c ? null : fromTables(c.d);
    return {
      queryKey: c.queryKey,
      queryHash: hashKey(c.queryKey),
      dehydratedAt: carried.at,
      state: {
        data,
        dataUpdateCount: 1,
        dataUpdatedAt: c.t,
        error: null,
        errorUpdateCount: 0,
        errorUpdatedAt: 0,
        fetchFailureCount: 0,
        fetchFailureReason: null,
        fetchMeta: null,
        isInvalidated: false,
        status: 'success',
        fetchStatus: 'idle',
      },
    };
  });
  const plain = queries.filter((_, i) => 'd' in carried.queries[i]);
  const roots = plain.map((q) => q.state.data);
  unshare(roots, shared);
  plain.forEach((q, i) => (q.state.data = roots[i]));
  const summary = queries.find((q) => isChainSummary(q.queryKey))?.state.data;
  if (Array.isArray(summary)) {
    const byId: ChainsById = new Map((summary as ChainRef[]).map((c) => [c.id, c]));
    for (const q of plain) if (!isChainSummary(q.queryKey)) chainsFromIds(q.state.data, byId);
    queries.forEach((q, i) => {
      if ('part' in carried.queries[i])
        q.state.data = structuredClone(selectChainSummaries(summary as ChainSummary[], summaryPart(q.queryKey)!));
    });
  }
  return { mutations: [], queries };
}
