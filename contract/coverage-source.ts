// Where a provider-chain link was read (provider_chains.source), as visitors read it: the link to the source and its
// name. Sourced links name an npm package version (`alchemy-sdk@3.6.5`) or a file of the provider's own documentation
// repository at a commit (`owner/repo@<commit>:<path>`, data/build.mjs); 'admin' is a link the editors added.

const DOCS = /^([\w.-]+\/[\w.-]+)@([0-9a-f]{7,40}):(.+)$/;
const NPM = /^(@?[^@\s]+)@([^@\s]+)$/;

/** The page of the source at the version or commit read; null for the editors' links. */
export function coverageSourceUrl(source: string): string | null {
  const docs = DOCS.exec(source);
  // A file is shown as a blob, a folder (a provider's per-network pages) as a tree.
  if (docs) return `https://github.com/${docs[1]}/${/\.\w+$/.test(docs[3]) ? 'blob' : 'tree'}/${docs[2]}/${docs[3]}`;
  const npm = NPM.exec(source);
  if (npm) return `https://www.npmjs.com/package/${npm[1]}/v/${npm[2]}`;
  return null;
}

/** "Infura's documentation", "npm package alchemy-sdk@3.6.5", or "the editors". */
export function coverageSourceName(source: string, providerName: string): string {
  if (DOCS.test(source)) return `${providerName}'s documentation`;
  if (NPM.test(source)) return `npm package ${source}`;
  return 'the editors';
}
