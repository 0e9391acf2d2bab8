// Types of build-server.mjs for the TypeScript that imports it (the benches).
import type { BuildOptions } from 'esbuild';

export const SERVER_BUILD_DIR: string;
export const SERVER_SOURCES: string[];
export const SERVER_BUNDLE_OPTIONS: BuildOptions;
export function buildServer(): Promise<void>;
