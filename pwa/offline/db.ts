// The offline database (Dexie over IndexedDB): the one place the app keeps data that must outlive the
// tab — the API's public answers for browsing offline, the directory sync's progress, and the review outbox.
import Dexie, { type EntityTable } from 'dexie';
import { OFFLINE } from './keys.ts';

/** One public API answer, exactly as the server sent it, under the GET path that produced it. */
export type SavedResponse = { path: string; data: unknown; savedAt: number };

/**
 * The directory copy, finished or under way: when its first request went out and when its last part was stored
 * (the offline banner's "saved …" time; null while parts remain), the next part to fetch and how many there are,
 * the server's build its parts came from (null once two parts came from different builds), and when the copy
 * before it finished (a refresh under way still has that whole copy).
 */
export type SyncRun = {
  key: 'directory';
  startedAt: number;
  finishedAt: number | null;
  nextPart?: number;
  parts?: number;
  generatedAt?: string | null;
  previousFinishedAt?: number;
};

/**
 * A review waiting to reach the server. queued → sending → (deleted on 2xx) | queued (network, 429, 5xx:
 * retried with backoff) | needs-sign-in (401) | rejected (other 4xx: the user fixes or discards it).
 */
export type OutboxState = 'queued' | 'sending' | 'needs-sign-in' | 'rejected';
export type OutboxEntry = {
  id?: number;
  /** Sent as the Idempotency-Key header on every attempt, so the server applies the review once. */
  idempotencyKey: string;
  /** The author: a replay goes out only while this user is the one signed in. */
  userId: number;
  slug: string;
  providerName: string;
  rating: number;
  comment: string | null;
  state: OutboxState;
  attempts: number;
  /** Epoch ms before which the send loop leaves a queued entry alone (backoff). */
  nextAttemptAt: number;
  /** The server's answer ("400: …") when rejected or asked to sign in. */
  error: string | null;
  createdAt: number;
};

export class OfflineDatabase extends Dexie {
  responses!: EntityTable<SavedResponse, 'path'>;
  sync!: EntityTable<SyncRun, 'key'>;
  outbox!: EntityTable<OutboxEntry, 'id'>;

  constructor(name: string = OFFLINE.databaseName) {
    super(name);
    this.version(1).stores({
      // API answers keyed by request path ("/api/providers/alchemy"); savedAt tells the directory sync
      // which answers the pages saved while it ran, and the offline banner how old the data is.
      responses: '&path, savedAt',
      // One row per background job ("directory"): when its last run started and finished.
      sync: '&key',
      // Reviews waiting to be sent, in submission order (auto-increment id); looked up by provider and
      // by author+provider (one review per user and provider), and by state for the header badge.
      outbox: '++id, slug, [userId+slug], state, &idempotencyKey',
    });
  }
}

/** The app's database (opened lazily on first use). */
export const offlineDb = new OfflineDatabase();
