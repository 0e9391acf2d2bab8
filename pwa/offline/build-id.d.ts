/** Set by vite.config.ts at build time (absent under vitest): ties the persisted query cache to one build. */
declare const __BUILD_ID__: string | undefined;
