// The scripts a page needs, and when it asks for them. The shell (index.html) preloads only the entry's own
// imports, so the route's code-split chunk would otherwise be requested only after the entry has downloaded and
// run: one more round trip (several, over HTTP/1.1's six connections) before the page is interactive. Read from
// Vite's build manifest. The response schemas are not named: a server-rendered page hydrates from the data it
// carries, and a later read loads them alongside its request (pwa/data/parsed.ts).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EARLY_CLICKS_GLOBAL } from '../../pwa/lib/early-clicks.ts';
import { LOADER_CODE } from './app-loader.build-time.ts';

/** One entry of dist/.vite/manifest.json (the fields used here). */
type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[] };
export type BuildManifest = Record<string, ManifestChunk>;

/** Where the build writes each route's component chunk (vite.config.ts routeChunks). */
export const ROUTE_CHUNKS_FILE = '.vite/route-chunks.json';
/** Route id (`/providers/$slug`) → the manifest key of its code-split component. */
export type RouteChunks = Record<string, string>;

/** The ids of the routes the router matches → the module preload URLs their page needs beyond the shell's. */
export function createPreloads(manifest: BuildManifest, routeChunks: RouteChunks): (routeIds: string[]) => string[] {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  // The entry and its static imports: already in the shell's own <script>/modulepreload tags.
  const inShell = new Set<string>();
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const i of manifest[key].imports ?? []) closure(i, into);
  };
  if (entry) closure(entry, inShell);

  return (routeIds) => {
    const needed = new Set<string>();
    for (const id of routeIds) if (routeChunks[id]) closure(routeChunks[id], needed);
    return [...needed].filter((k) => !inShell.has(k)).map((k) => `/${manifest[k].file}`);
  };
}

/** The preloads of the build in `distDir`; none when it has no manifest (an unbuilt or older build). */
export function loadPreloads(distDir: string): (routeIds: string[]) => string[] {
  const read = (file: string) => JSON.parse(readFileSync(path.join(distDir, file), 'utf8')) as unknown;
  if (!existsSync(path.join(distDir, '.vite/manifest.json')) || !existsSync(path.join(distDir, ROUTE_CHUNKS_FILE))) {
    return () => [];
  }
  return createPreloads(read('.vite/manifest.json') as BuildManifest, read(ROUTE_CHUNKS_FILE) as RouteChunks);
}

/** How many modulepreload links the loader adds per task (see its `more`). */
const PRELOADS_PER_TASK = 6;

const SHELL_SCRIPT = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>\s*/g;
const SHELL_PRELOAD = /<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>\s*/g;

/** Where a page names the scripts its loader adds (JSON). */
export const APP_SCRIPTS_ID = 'app-scripts';

/**
 * The loader (pwa/boot/loader.ts, typechecked with the app; here its code without the types): the same code on every
 * page (the scripts it adds are named in the page's #app-scripts JSON), so the Content-Security-Policy admits it by one
 * hash and a page's bytes depend on nothing but its content.
 */
export const APP_LOADER = `(${LOADER_CODE})(${[APP_SCRIPTS_ID, EARLY_CLICKS_GLOBAL, PRELOADS_PER_TASK]
  .map((a) => JSON.stringify(a))
  .join(', ')});`;

/** The Content-Security-Policy source that admits the loader (every page's one inline script). */
export const APP_LOADER_HASH = `'sha256-${createHash('sha256').update(APP_LOADER, 'utf8').digest('base64')}'`;

/**
 * A server-rendered page with its scripts fetched after its first paint: the shell's module script and
 * modulepreloads (and the route's `preloads`) leave the head for one inline loader at the end of the body that
 * adds them once the page has painted. The page is already rendered, the scripts only make it interactive; named in
 * the head, a fast network delivered them while the HTML was still being parsed and their evaluation held the
 * first frame back (a phone's CPU pays it four times over). Hidden tabs never paint: they load after a second.
 * Until the app has hydrated, a pressed button (a vote, a menu, a form's submit) would be a click on inert markup:
 * the loader holds those clicks back and the app presses the same buttons again once it answers. Links and forms
 * with an action need no help: they work without scripts.
 */
export function scriptsAfterPaint(html: string, preloads: string[]): string {
  let entry: string | undefined;
  const shellPreloads: string[] = [];
  const headEnd = html.search(/<\/head>/i);
  const head = html
    .slice(0, headEnd)
    .replace(SHELL_SCRIPT, (_tag, src: string) => {
      entry ??= src;
      return '';
    })
    .replace(SHELL_PRELOAD, (_tag, href: string) => {
      shellPreloads.push(href);
      return '';
    });
  if (headEnd < 0 || !entry) return html;
  // JSON in an inert <script>: "<" escaped so no URL can close the element.
  const urls = JSON.stringify({ entry, preloads: [...shellPreloads, ...preloads] }).replace(/</g, '\\u003c');
  const loader = `<script type="application/json" id="${APP_SCRIPTS_ID}">${urls}</script><script data-app-loader>${APP_LOADER}</script>`;
  return (head + html.slice(headEnd)).replace(/<\/body>/i, (end) => loader + end);
}
