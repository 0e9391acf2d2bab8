// Writes contract/viem-chains.json: for each chain of data/chains.json that the installed viem ships, the name of
// its export in `viem/chains` (the Connect snippets import it, with its contracts and formatters); for those it does
// not ship, multicall3's address where Multicall3's own deployment list has one (data/sources/multicall3/). Read from viem
// itself: every export of `viem/chains` with that chain id, leaving out those its type declarations mark
// @deprecated; of several, the one named like its definition file (`base` over `basePreconf`). Only the dataset's
// chains, so the table the chain page ships stays small. Re-run after updating viem or changing chains.json:
// `npx tsx scripts/viem-chains.ts` (contract/snippets.test.ts fails while the table is stale).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import * as viemChains from 'viem/chains';

const ROOT = path.resolve(import.meta.dirname, '..');
export const TABLE_PATH = path.join(ROOT, 'contract/viem-chains.json');

/** Each export of viem/chains' declarations → the definition file it comes from and whether it is deprecated. */
function declaredExports() {
  const viemDir = path.dirname(createRequire(import.meta.url).resolve('viem/package.json'));
  const file = path.join(viemDir, '_types/chains/index.d.ts');
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const deprecated = (node: ts.Node) =>
    (ts.getLeadingCommentRanges(text, node.pos) ?? []).some((r) => text.slice(r.pos, r.end).includes('@deprecated'));
  const exports = new Map<string, { module: string; deprecated: boolean }>();
  for (const statement of source.statements) {
    if (!ts.isExportDeclaration(statement) || !statement.exportClause || !ts.isNamedExports(statement.exportClause)) {
      continue;
    }
    const module = path.basename((statement.moduleSpecifier as ts.StringLiteral).text, '.js');
    for (const specifier of statement.exportClause.elements) {
      exports.set(specifier.name.text, { module, deprecated: deprecated(statement) || deprecated(specifier) });
    }
  }
  return exports;
}

const MULTICALL3_SOURCE = path.join(ROOT, 'data/sources/multicall3');
const ADDRESS = /0x[0-9a-fA-F]{40}/;

/** Multicall3's address per chain id, as its deployment list gives it (its own field, or its explorer link's). */
function multicall3Deployments(): Map<number, string> {
  const list: { chainId: number; url: string; address?: string }[] = JSON.parse(
    readFileSync(path.join(MULTICALL3_SOURCE, 'deployments.json'), 'utf8'),
  );
  const addresses = new Map<number, string>();
  for (const entry of list) {
    const address = (entry.address ?? entry.url).match(ADDRESS)?.[0];
    if (address) addresses.set(entry.chainId, address);
  }
  return addresses;
}

type ViemChainTable = {
  viem: string;
  chains: Record<string, string>;
  multicall3: { source: string; addresses: Record<string, string> };
};

/** viem's export per chain id, and multicall3's address for the chains viem lacks, for the given chain ids. */
export function viemChainTable(chainIds: number[]): ViemChainTable {
  const declared = declaredExports();
  const chains: Record<string, string> = {};
  for (const id of [...new Set(chainIds)].sort((a, b) => a - b)) {
    const names = Object.entries(viemChains)
      .filter(([name, chain]) => 'id' in chain && chain.id === id && declared.get(name)?.deprecated === false)
      .map(([name]) => name)
      .sort();
    const name = names.find((n) => declared.get(n)?.module === n) ?? names[0];
    if (name) chains[id] = name;
  }
  const { version } = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('viem/package.json'), 'utf8'));
  const deployments = multicall3Deployments();
  const addresses: Record<string, string> = {};
  for (const id of [...new Set(chainIds)].sort((a, b) => a - b)) {
    const address = deployments.get(id);
    if (!chains[id] && address) addresses[id] = address;
  }
  const source = JSON.parse(readFileSync(path.join(MULTICALL3_SOURCE, 'SOURCE.json'), 'utf8'));
  return {
    viem: version,
    chains,
    multicall3: { source: `${source.repository}@${source.commit.slice(0, 7)}:deployments.json`, addresses },
  };
}

export const datasetChainIds = (): number[] =>
  JSON.parse(readFileSync(path.join(ROOT, 'data/chains.json'), 'utf8')).map((c: { chainId: number }) => c.chainId);

if (process.argv[1] === import.meta.filename) {
  const table = viemChainTable(datasetChainIds());
  writeFileSync(TABLE_PATH, `${JSON.stringify(table, null, 2)}\n`);
  console.log(
    `${TABLE_PATH}: ${Object.keys(table.chains).length} chains from viem ${table.viem}, multicall3 for ${Object.keys(table.multicall3.addresses).length} more`,
  );
}
