// Every name the offline layer leaves in the browser — storage keys, the IndexedDB database, Cache Storage
// names — plus its timings, in one place: renaming one here renames it everywhere (vite.config.ts reads it too).
export const OFFLINE = {
  /** The Dexie (IndexedDB) database: saved API responses, sync progress, the review outbox. */
  databaseName: 'rpc-atlas',
  /** localStorage key of the persisted TanStack Query cache (sync-storage persister). */
  queryCacheKey: 'rpc-atlas:query-cache',
  /**
   * localStorage: when (epoch ms) someone last logged out through the app on this device. Other open tabs
   * hear it (storage event) and forget the user; a page restored from the back/forward cache reloads.
   */
  signedOutAtKey: 'rpc-atlas:signed-out-at',
  /** localStorage flag: the "ready to work offline" toast was shown once on this device. */
  offlineReadyAnnouncedKey: 'rpc-atlas:offline-ready-announced',
  /** localStorage: the providers collected for comparison (pwa/lib/compare-tray.ts), kept across visits and tabs. */
  compareTrayKey: 'rpc-atlas:compare-tray',
  /** Cache Storage name of the service worker's runtime cache for uploaded images (/objects/). */
  imageCacheName: 'rpc-atlas-images',
  /** How many uploaded images the image cache keeps, and for how long (they are immutable). */
  imageCacheMaxEntries: 300,
  imageCacheMaxAgeSeconds: 30 * 24 * 60 * 60,
  /** The persisted query cache is dropped after this long; queries' gcTime must be at least this. */
  queryCacheMaxAgeMs: 7 * 24 * 60 * 60 * 1000,
  /** Web Lock held while the directory is copied, so two open tabs never both download and store it. */
  syncLockName: 'rpc-atlas:directory-sync',
  /** A finished directory copy is refreshed on an app start at most this often. */
  syncRefreshMs: 6 * 60 * 60 * 1000,
  /** The outbox retries a failed send after 5 s, 10 s, 20 s … up to this (and at once when back online). */
  outboxMaxBackoffMs: 10 * 60 * 1000,
  outboxFirstBackoffMs: 5000,
  /** A review POST (or the sign-in check before a pass) that has not answered by then is treated as offline. */
  outboxRequestTimeoutMs: 20_000,
  /** Web Lock held while the outbox sends, so two open tabs never send the same review at once. */
  outboxLockName: 'rpc-atlas:outbox',
  /** Service worker update check while the app stays open (navigations check on their own). */
  updateCheckMs: 60 * 60 * 1000,
} as const;
