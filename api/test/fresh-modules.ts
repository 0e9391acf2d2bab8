// Runs before each server and browser test file. The files of a worker share it (vitest.config.ts `isolate: false`),
// so the libraries (Koa, PGlite, oidc-provider, React's server renderer) load once per worker; the project's own
// modules are evaluated afresh for every file, so a module's state (a per-process throttle, a lazily loaded
// renderer) never carries over from one file to the next.
import { vi } from 'vitest';

vi.resetModules();
