// Builds data/chain-icons.json and public/chain-icons/*.svg: the icon of every chain in chains.json that
// @web3icons/core draws (MIT), matched by EVM chain id through @web3icons/common's network metadata; a testnet
// the package does not draw gets its mainnet's icon (TESTNET_MAINNET). Re-run after changing chains.json or
// updating either package: `node data/chain-icons.mjs`.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { networks } from '@web3icons/common/metadata/networks';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT_DIR = path.join(ROOT, 'public/chain-icons');
// The coloured mark on a transparent ground (the logo tile is white); a mark drawn only in white (Mantle's) would
// vanish there, so it is taken on its own ground instead.
const VARIANT = 'branded';
const WHITE_VARIANT = 'background';
const isWhite = (colour) => /^(#fff|#ffffff|white)$/i.test(colour);
const onlyWhite = (svg) => {
  const paints = [...svg.matchAll(/(?:fill|stroke|stop-color)="([^"]+)"/g)].map((m) => m[1]).filter((c) => c !== 'none' && !c.startsWith('url('));
  return paints.length > 0 && paints.every(isWhite);
};
const drawing = async (kind, name, variant) =>
  (await import(`@web3icons/core/svgs/${kind}s/${variant}/${name}.svg.js`)).default;
const version = (pkg) => JSON.parse(readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version;

// Curated: testnets of this dataset whose own icon the package lacks → their mainnet's EVM chain id.
const TESTNET_MAINNET = {
  560048: 1, // Ethereum Hoodi → Ethereum
  1301: 130, // Unichain Sepolia → Unichain
  4801: 480, // World Chain Sepolia → World Chain
  10200: 100, // Gnosis Chiado → Gnosis
  943: 369, // PulseChain Testnet v4 → PulseChain
  1328: 1329, // Sei Testnet (atlantic-2) → Sei (pacific-1)
  33111: 33139, // Curtis → ApeChain
};

// The package names some networks' id in `chainId`, some only in `caip2id` (eip155:<id>), a few differently.
const networkIds = (n) => [n.chainId, n.caip2id?.startsWith('eip155:') ? Number(n.caip2id.slice(7)) : undefined];
const byChainId = new Map();
for (const n of networks) for (const id of networkIds(n)) if (id != null && !byChainId.has(id)) byChainId.set(id, n);

// `filePath` names the drawing a network uses: `network:<name>` or `token:<SYMBOL>` (testnets share their mainnet's).
const svgName = (network) => network.filePath.split(':')[1].toLowerCase();

const chains = JSON.parse(readFileSync(path.join(ROOT, 'data/chains.json'), 'utf8'));
const icons = [];
for (const c of chains) {
  const own = byChainId.get(c.chainId);
  const mainnetId = c.isTestnet ? TESTNET_MAINNET[c.chainId] : undefined;
  const network = own ?? (mainnetId != null ? byChainId.get(mainnetId) : undefined);
  if (!network?.variants.includes(VARIANT)) continue;
  icons.push({
    chainId: c.chainId,
    slug: c.slug,
    file: `${svgName(network)}.svg`,
    web3iconsNetwork: network.id,
    web3iconsFile: network.filePath,
    match: own ? 'chain id' : `mainnet ${mainnetId}`,
  });
}

rmSync(OUT_DIR, { recursive: true, force: true });
mkdirSync(OUT_DIR, { recursive: true });
for (const icon of icons) {
  const [kind, name] = icon.web3iconsFile.split(':');
  const branded = await drawing(kind, name, VARIANT);
  icon.variant = onlyWhite(branded) ? WHITE_VARIANT : VARIANT;
  writeFileSync(path.join(OUT_DIR, icon.file), icon.variant === VARIANT ? branded : await drawing(kind, name, icon.variant));
}

const table = {
  source: {
    package: `@web3icons/core@${version('@web3icons/core')}`,
    metadata: `@web3icons/common@${version('@web3icons/common')}`,
    variant: `${VARIANT} (${WHITE_VARIANT} for a mark drawn only in white)`,
    licence: 'MIT',
  },
  urlPrefix: '/chain-icons/',
  icons,
};
writeFileSync(path.join(ROOT, 'data/chain-icons.json'), `${JSON.stringify(table, null, 2)}\n`);
console.log(`${icons.length} of ${chains.length} chains have an icon (${new Set(icons.map((i) => i.file)).size} files in public/chain-icons/)`);
