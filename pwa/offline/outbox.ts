// The review outbox: every review goes out through here, so one submitted offline, or whose request
// fails on the network, waits in IndexedDB and is sent later — on app start, when the connection returns,
// and on a timer with backoff. Each entry carries its own Idempotency-Key, sent on every attempt, so the
// server applies it exactly once even when an answer was lost after the server had acted.
// A small state machine (states in db.ts): `transition()` is the whole rule set; `createOutbox()` runs it.
import type { ReviewSubmitted } from '../../contract/reviews.ts';
import { ApiError } from '../lib/api.ts';
import type { OfflineDatabase, OutboxEntry } from './db.ts';
import { OFFLINE } from './keys.ts';

export type ReviewInput = { rating: number; comment?: string | null };
export type NewReview = ReviewInput & { userId: number; slug: string; providerName: string };

/**
 * What one attempt to send came to. `unavailable`: the server (or the proxy before it) answered that it cannot take
 * the review for now — 503 (its database unreachable), 502 or 504 — which is "try again later", never a refusal;
 * `retryAfterMs` is its Retry-After, when it sent one.
 */
export type Outcome =
  | { kind: 'sent'; body: ReviewSubmitted }
  | { kind: 'network' }
  | { kind: 'unavailable'; status: number; message: string; retryAfterMs: number | null }
  | { kind: 'http'; status: number; message: string };

export type OutboxEvent =
  | { type: 'sent'; entry: OutboxEntry; body: ReviewSubmitted }
  | { type: 'needs-sign-in'; entry: OutboxEntry }
  | { type: 'rejected'; entry: OutboxEntry };

/** 5 s, 10 s, 20 s … capped: a flaky server is not hammered, a short outage costs little. */
export function backoffMs(attempts: number): number {
  return Math.min(OFFLINE.outboxFirstBackoffMs * 2 ** Math.max(0, attempts - 1), OFFLINE.outboxMaxBackoffMs);
}

/** Answers worth retrying unchanged: the server was busy or failing, not refusing this review. */
const retryable = (status: number) => status === 408 || status === 429 || status >= 500;

/** Answers that say the service is down for now (not this request's fault, not a bug of the server's). */
const UNAVAILABLE = new Set([502, 503, 504]);

/** Retry-After (seconds or an HTTP date) in ms from `now`; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/** The entry after an attempt; null when it is done (delivered) and leaves the outbox. */
export function transition(entry: OutboxEntry, outcome: Outcome, now: number): OutboxEntry | null {
  switch (outcome.kind) {
    case 'sent':
      return null;
    case 'network': {
      const attempts = entry.attempts + 1;
      return { ...entry, state: 'queued', attempts, nextAttemptAt: now + backoffMs(attempts) };
    }
    case 'unavailable': {
      // Not before the server asked (within the backoff's cap), and not sooner than the backoff.
      const attempts = entry.attempts + 1;
      const wait = Math.max(backoffMs(attempts), Math.min(outcome.retryAfterMs ?? 0, OFFLINE.outboxMaxBackoffMs));
      return { ...entry, state: 'queued', attempts, nextAttemptAt: now + wait, error: outcome.message };
    }
    case 'http': {
      if (outcome.status === 401) return { ...entry, state: 'needs-sign-in', error: outcome.message };
      if (retryable(outcome.status)) {
        const attempts = entry.attempts + 1;
        return {
          ...entry,
          state: 'queued',
          attempts,
          nextAttemptAt: now + backoffMs(attempts),
          error: outcome.message,
        };
      }
      return { ...entry, state: 'rejected', error: outcome.message };
    }
  }
}

/** The API path of a provider's reviews (the same the rest of the app posts to). */
export const reviewsPath = (slug: string) => `/api/providers/${encodeURIComponent(slug)}/reviews`;

/** One POST of an entry, classified. Only a rejected fetch (no answer at all) counts as a network failure. */
export async function postReview(fetchFn: typeof fetch, entry: OutboxEntry): Promise<Outcome> {
  let res: Response;
  try {
    res = await fetchFn(reviewsPath(entry.slug), {
      method: 'POST',
      credentials: 'include',
      // A connection that hangs counts as no connection: the entry waits, and the key makes a late arrival harmless.
      signal: AbortSignal.timeout(OFFLINE.outboxRequestTimeoutMs),
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Idempotency-Key': entry.idempotencyKey,
      },
      body: JSON.stringify(entry.comment ? { rating: entry.rating, comment: entry.comment } : { rating: entry.rating }),
    });
  } catch {
    return { kind: 'network' };
  }
  if (!res.ok) {
    // The app-wide error text: "{status}: {body or status text}".
    const text = (await res.text().catch(() => '')) || res.statusText;
    const message = `${res.status}: ${text}`;
    if (UNAVAILABLE.has(res.status))
      return {
        kind: 'unavailable',
        status: res.status,
        message,
        retryAfterMs: retryAfterMs(res.headers.get('Retry-After'), Date.now()),
      };
    return { kind: 'http', status: res.status, message };
  }
  try {
    // The schema module (zod) is loaded on first use, keeping it out of the first paint's code.
    const { reviewSubmittedSchema } = await import('../../contract/reviews.ts');
    return { kind: 'sent', body: reviewSubmittedSchema.parse(await res.json()) };
  } catch {
    // A 2xx whose body was cut off: the server did apply it, and a replay would only repeat that answer.
    return { kind: 'network' };
  }
}

export type OutboxOptions = {
  db: OfflineDatabase;
  fetch?: typeof fetch;
  now?: () => number;
  isOnline?: () => boolean;
  newKey?: () => string;
  onEvent?: (event: OutboxEvent) => void;
};

export type Outbox = ReturnType<typeof createOutbox>;

export function createOutbox({
  db,
  fetch: fetchFn = (...args) => globalThis.fetch(...args),
  now = Date.now,
  isOnline = () => navigator.onLine,
  newKey = () => crypto.randomUUID(),
  onEvent = () => {},
}: OutboxOptions) {
  // One sender at a time: in this tab by chaining, across tabs with a Web Lock when the browser has them.
  let chain: Promise<unknown> = Promise.resolve();
  function exclusive<T>(job: () => Promise<T>): Promise<T> {
    const locked = (): Promise<T> =>
      typeof navigator !== 'undefined' && navigator.locks
        ? (navigator.locks.request(OFFLINE.outboxLockName, job) as Promise<T>)
        : job();
    const run = chain.then(locked, locked);
    chain = run.catch(() => {});
    return run;
  }

  /** Runs one attempt and stores the entry's next state; reports the outcome. */
  async function attempt(entry: OutboxEntry): Promise<Outcome> {
    await db.outbox.update(entry.id!, { state: 'sending' });
    const outcome = await postReview(fetchFn, entry);
    const next = transition(entry, outcome, now());
    if (next) await db.outbox.put(next);
    else await db.outbox.delete(entry.id!);
    if (outcome.kind === 'sent') onEvent({ type: 'sent', entry, body: outcome.body });
    else if (next?.state === 'needs-sign-in' && entry.state !== 'needs-sign-in')
      onEvent({ type: 'needs-sign-in', entry: next });
    else if (next?.state === 'rejected') onEvent({ type: 'rejected', entry: next });
    return outcome;
  }

  /** Who is signed in now: the user id, null when signed out, undefined when the server could not be asked. */
  async function currentUserId(): Promise<number | null | undefined> {
    try {
      const res = await fetchFn('/api/auth/user', {
        credentials: 'include',
        headers: { Accept: 'application/json' },
        signal: AbortSignal.timeout(OFFLINE.outboxRequestTimeoutMs),
      });
      if (res.status === 401) return null;
      if (!res.ok) return undefined;
      const body = (await res.json()) as { authenticated?: boolean; id?: number };
      return body.authenticated && typeof body.id === 'number' ? body.id : null;
    } catch {
      return undefined;
    }
  }

  /** The earliest time a queued entry is due again, for the send loop's timer. */
  async function nextDueAt(): Promise<number | null> {
    const queued = await db.outbox.where('state').equals('queued').toArray();
    return queued.length ? Math.min(...queued.map((e) => e.nextAttemptAt)) : null;
  }

  /** Inside the lock: stores the review, replacing this user's unsent review of the same provider. */
  function store(review: NewReview, idempotencyKey: string): Promise<OutboxEntry> {
    return db.transaction('rw', db.outbox, async () => {
      // The server keeps one review per user and provider, so only the latest unsent one matters.
      await db.outbox.where('[userId+slug]').equals([review.userId, review.slug]).delete();
      const entry: OutboxEntry = {
        idempotencyKey,
        userId: review.userId,
        slug: review.slug,
        providerName: review.providerName,
        rating: review.rating,
        comment: review.comment?.trim() || null,
        state: 'queued',
        attempts: 0,
        nextAttemptAt: now(),
        error: null,
        createdAt: now(),
      };
      entry.id = await db.outbox.add(entry);
      return entry;
    });
  }

  return {
    /**
     * A review the user submits now. Offline it is queued. Online it is posted at once: delivered, or — on a
     * network failure, or an answer that the service is unavailable for now (503) — left queued with the key
     * already used, so a request that did reach the server is not applied twice. Any other HTTP error answer
     * removes it and throws the ApiError for the form to show.
     */
    submit(
      review: NewReview,
    ): Promise<{ queued: false; body: ReviewSubmitted } | { queued: true; entry: OutboxEntry }> {
      return exclusive(async () => {
        const entry = await store(review, newKey());
        if (!isOnline()) return { queued: true as const, entry };
        await db.outbox.update(entry.id!, { state: 'sending' });
        const outcome = await postReview(fetchFn, entry);
        if (outcome.kind === 'network' || outcome.kind === 'unavailable') {
          const next = transition(entry, outcome, now())!;
          await db.outbox.put(next);
          return { queued: true as const, entry: next };
        }
        await db.outbox.delete(entry.id!);
        if (outcome.kind === 'http') throw new ApiError(outcome.status, outcome.message);
        return { queued: false as const, body: outcome.body };
      });
    },

    /**
     * One pass: sends the signed-in user's due entries in submission order. Stops at the first network
     * failure or unavailable answer (the rest would fail too). Answers when a queued entry is next due (null:
     * nothing queued).
     */
    send(): Promise<number | null> {
      return exclusive(async () => {
        const due = (await db.outbox.orderBy('id').toArray()).filter(
          (e) => e.state === 'needs-sign-in' || (e.state === 'queued' && e.nextAttemptAt <= now()),
        );
        if (due.length === 0 || !isOnline()) return nextDueAt();
        const userId = await currentUserId();
        if (userId === undefined) {
          for (const e of due) await db.outbox.put(transition(e, { kind: 'network' }, now())!);
        } else if (userId === null) {
          const message = '401: Sign in to send this review';
          for (const e of due) {
            if (e.state === 'needs-sign-in') continue;
            const next = transition(e, { kind: 'http', status: 401, message }, now())!;
            await db.outbox.put(next);
            onEvent({ type: 'needs-sign-in', entry: next });
          }
        } else {
          // Another account's reviews wait until that account signs in again on this device.
          for (const e of due.filter((d) => d.userId === userId)) {
            const { kind } = await attempt(e);
            if (kind === 'network' || kind === 'unavailable') break;
          }
        }
        return nextDueAt();
      });
    },

    /** At app start: an entry left "sending" (the app closed mid-request) is queued again; its key makes that safe. */
    recover(): Promise<void> {
      return exclusive(async () => {
        await db.outbox.where('state').equals('sending').modify({ state: 'queued', nextAttemptAt: now() });
      });
    },

    discard(id: number): Promise<void> {
      return exclusive(() => db.outbox.delete(id));
    },

    /** At logout: the user's unsent reviews leave this device with them (the app asked the user first). */
    forget(userId: number): Promise<void> {
      return exclusive(async () => {
        await db.outbox.where('userId').equals(userId).delete();
      });
    },
  };
}
