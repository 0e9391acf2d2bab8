// The scripts a page needs before it can render, named in its head: the shell (index.html) preloads only the
// entry's own imports, so the route's code-split chunk — and the response schemas every page's data goes
// through — would otherwise be requested only after the entry has downloaded and run: one more round trip
// (several, over HTTP/1.1's six connections) before the first render. Read from Vite's build manifest.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One entry of dist/.vite/manifest.json (the fields used here). */
type ManifestChunk = { file: string; src?: string; isEntry?: boolean; imports?: string[] };
export type BuildManifest = Record<string, ManifestChunk>;

/** The module every page's reads are validated with (pwa/data/parsed.ts imports it lazily). */
const SCHEMAS_MODULE = 'pwa/data/schemas.ts';
/** A route's component, split out by the TanStack router plugin (autoCodeSplitting). */
const ROUTE_COMPONENT = /^pwa\/routes\/([^/?]+)\.tsx\?tsr-split=component$/;

/**
 * The URL pattern of a TanStack flat route file name: `providers.$slug` → /providers/<segment>,
 * `providers.index` → /providers, `index` → /. Files of other shapes (layouts, splats) are not matched.
 */
export function routePattern(name: string): RegExp | undefined {
  const segments = name.split('.');
  if (segments.at(-1) === 'index') segments.pop();
  if (segments.some((s) => !/^(\$?[a-z0-9-]+)$/.test(s))) return undefined;
  const body = segments.map((s) => (s.startsWith('$') ? '/[^/]+' : `/${s}`)).join('');
  return new RegExp(`^${body || '/'}/?$`);
}

/** `pathname` → the module preload URLs its page needs beyond what the shell already names. */
export function createPreloads(manifest: BuildManifest): (pathname: string) => string[] {
  const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
  // The entry and its static imports: already in the shell's own <script>/modulepreload tags.
  const inShell = new Set<string>();
  const closure = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const i of manifest[key].imports ?? []) closure(i, into);
  };
  if (entry) closure(entry, inShell);

  const files = (keys: string[]) => {
    const needed = new Set<string>();
    for (const k of keys) closure(k, needed);
    return [...needed].filter((k) => !inShell.has(k)).map((k) => `/${manifest[k].file}`);
  };
  const routes = Object.keys(manifest).flatMap((key) => {
    const name = ROUTE_COMPONENT.exec(key)?.[1];
    const pattern = name && routePattern(name);
    // Parameterised routes last, so /providers is not taken for /$something.
    return pattern ? [{ pattern, params: (name.match(/\$/g) ?? []).length, files: files([key, SCHEMAS_MODULE]) }] : [];
  }).sort((a, b) => a.params - b.params);
  const fallback = files([SCHEMAS_MODULE]);

  return (pathname) => routes.find((r) => r.pattern.test(pathname))?.files ?? fallback;
}

/** The preloads of the build in `distDir`; none when it has no manifest (an unbuilt or older build). */
export function loadPreloads(distDir: string): (pathname: string) => string[] {
  const file = path.join(distDir, '.vite/manifest.json');
  if (!existsSync(file)) return () => [];
  return createPreloads(JSON.parse(readFileSync(file, 'utf8')) as BuildManifest);
}

/**
 * The head tags for them (crossorigin as in Vite's own tags, so the module requests reuse the preloads; low
 * priority like the shell's own script tags: the page is already rendered, they only make it interactive).
 */
export const renderPreloads = (urls: string[]) =>
  urls.map((u) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${u}">`).join('\n');
