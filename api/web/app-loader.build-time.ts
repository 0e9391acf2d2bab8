// The page loader's code (pwa/boot/loader.ts, typechecked with the app) without its types, as esbuild writes it.
// Computed once by the server build (scripts/build-server.mjs writes the value in), so a start neither loads esbuild
// nor waits for its service process; from the sources it is computed here.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { stop as stopEsbuild, transformSync } from 'esbuild';

const LOADER_SOURCE = fileURLToPath(new URL('../../pwa/boot/loader.ts', import.meta.url));

export const LOADER_CODE = transformSync(readFileSync(LOADER_SOURCE, 'utf8'), { loader: 'ts' })
  .code.trim()
  .replace(/^export /, '');
// The transform started esbuild's service process; nothing else here needs it, so it does not stay beside the server.
void stopEsbuild();
