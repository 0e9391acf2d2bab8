-- Provider-chain links carry their kind and source: 'public-endpoint' links are the dataset's public
-- endpoints (source 'dataset'); 'api-key' links are chains a provider serves its customers with a key, read from
-- its own npm package (source '<package>@<version>', with the URL templates it publishes) or set by an admin
-- (source 'admin'). One row per provider, chain and source, so the admin's link calls replace only 'admin' rows.
ALTER TABLE provider_chains
  ADD COLUMN kind text NOT NULL DEFAULT 'api-key' CHECK (kind IN ('public-endpoint', 'api-key')),
  ADD COLUMN source text NOT NULL DEFAULT 'admin' CHECK (source <> ''),
  -- Key-needing URL templates ({API_KEY} and the like stand for the customer's values), never callable links.
  ADD COLUMN url_templates text[] NOT NULL DEFAULT '{}';

-- A link backed by one of the provider's public endpoints on that chain is the dataset's; any other is an admin's.
UPDATE provider_chains pc SET kind = 'public-endpoint', source = 'dataset'
WHERE EXISTS (SELECT 1 FROM chain_rpc_endpoints e WHERE e.provider_id = pc.provider_id AND e.chain_id = pc.chain_id);

ALTER TABLE provider_chains DROP CONSTRAINT provider_chains_pkey, ADD PRIMARY KEY (provider_id, chain_id, source);

-- Databases loaded before this get the links a fresh load gives (data/provider-coverage.json of 2026-11-25),
-- matched by EVM chain id as the file is; an empty database gets them from the loader (api/db/seed.ts).
INSERT INTO provider_chains (provider_id, chain_id, kind, source, url_templates)
SELECT p.id, c.id, 'api-key', sourced.source, sourced.url_templates
FROM (VALUES
  ('alchemy', 1, 'alchemy-sdk@3.6.5', ARRAY[
    'https://eth-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://eth-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 56, 'alchemy-sdk@3.6.5', ARRAY[
    'https://bnb-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://bnb-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 137, 'alchemy-sdk@3.6.5', ARRAY[
    'https://polygon-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://polygon-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 8453, 'alchemy-sdk@3.6.5', ARRAY[
    'https://base-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://base-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 10, 'alchemy-sdk@3.6.5', ARRAY[
    'https://opt-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://opt-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 42161, 'alchemy-sdk@3.6.5', ARRAY[
    'https://arb-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://arb-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 43114, 'alchemy-sdk@3.6.5', ARRAY[
    'https://avax-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://avax-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 250, 'alchemy-sdk@3.6.5', ARRAY[
    'https://fantom-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://fantom-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 81457, 'alchemy-sdk@3.6.5', ARRAY[
    'https://blast-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://blast-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 100, 'alchemy-sdk@3.6.5', ARRAY[
    'https://gnosis-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://gnosis-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 1514, 'alchemy-sdk@3.6.5', ARRAY[
    'https://story-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://story-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 5000, 'alchemy-sdk@3.6.5', ARRAY[
    'https://mantle-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://mantle-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 25, '@account-kit/infra@4.88.5', ARRAY['https://cronos-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 534352, 'alchemy-sdk@3.6.5', ARRAY[
    'https://scroll-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://scroll-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 324, 'alchemy-sdk@3.6.5', ARRAY[
    'https://zksync-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://zksync-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 146, 'alchemy-sdk@3.6.5', ARRAY[
    'https://sonic-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://sonic-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 130, 'alchemy-sdk@3.6.5', ARRAY[
    'https://unichain-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://unichain-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 204, 'alchemy-sdk@3.6.5', ARRAY[
    'https://opbnb-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://opbnb-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 59144, 'alchemy-sdk@3.6.5', ARRAY[
    'https://linea-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://linea-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 80094, 'alchemy-sdk@3.6.5', ARRAY[
    'https://berachain-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://berachain-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 592, 'alchemy-sdk@3.6.5', ARRAY[
    'https://astar-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://astar-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 42170, 'alchemy-sdk@3.6.5', ARRAY[
    'https://arbnova-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://arbnova-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 143, '@account-kit/infra@4.88.5', ARRAY['https://monad-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 1088, 'alchemy-sdk@3.6.5', ARRAY[
    'https://metis-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://metis-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 42220, 'alchemy-sdk@3.6.5', ARRAY[
    'https://celo-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://celo-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 288, '@account-kit/infra@4.88.5', ARRAY['https://boba-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 1101, 'alchemy-sdk@3.6.5', ARRAY[
    'https://polygonzkevm-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://polygonzkevm-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 1329, 'alchemy-sdk@3.6.5', ARRAY[
    'https://sei-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://sei-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 57073, 'alchemy-sdk@3.6.5', ARRAY[
    'https://ink-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://ink-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 252, 'alchemy-sdk@3.6.5', ARRAY[
    'https://frax-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://frax-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 480, 'alchemy-sdk@3.6.5', ARRAY[
    'https://worldchain-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://worldchain-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 7000, 'alchemy-sdk@3.6.5', ARRAY[
    'https://zetachain-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://zetachain-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 30, 'alchemy-sdk@3.6.5', ARRAY[
    'https://rootstock-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://rootstock-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 1868, 'alchemy-sdk@3.6.5', ARRAY[
    'https://soneium-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://soneium-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 2021, 'alchemy-sdk@3.6.5', ARRAY[
    'https://ronin-saigon.g.alchemy.com/v2/{API_KEY}',
    'wss://ronin-saigon.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 9745, 'alchemy-sdk@3.6.5', ARRAY[
    'https://plasma-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://plasma-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 232, 'alchemy-sdk@3.6.5', ARRAY[
    'https://lens-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://lens-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 2741, 'alchemy-sdk@3.6.5', ARRAY[
    'https://abstract-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://abstract-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 2020, 'alchemy-sdk@3.6.5', ARRAY[
    'https://ronin-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://ronin-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 33139, 'alchemy-sdk@3.6.5', ARRAY[
    'https://apechain-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://apechain-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 7777777, 'alchemy-sdk@3.6.5', ARRAY[
    'https://zora-mainnet.g.alchemy.com/v2/{API_KEY}',
    'wss://zora-mainnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 11155111, 'alchemy-sdk@3.6.5', ARRAY[
    'https://eth-sepolia.g.alchemy.com/v2/{API_KEY}',
    'wss://eth-sepolia.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 97, 'alchemy-sdk@3.6.5', ARRAY[
    'https://bnb-testnet.g.alchemy.com/v2/{API_KEY}',
    'wss://bnb-testnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 80002, 'alchemy-sdk@3.6.5', ARRAY[
    'https://polygon-amoy.g.alchemy.com/v2/{API_KEY}',
    'wss://polygon-amoy.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 1315, 'alchemy-sdk@3.6.5', ARRAY[
    'https://story-aeneid.g.alchemy.com/v2/{API_KEY}',
    'wss://story-aeneid.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 43113, 'alchemy-sdk@3.6.5', ARRAY[
    'https://avax-fuji.g.alchemy.com/v2/{API_KEY}',
    'wss://avax-fuji.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 534351, 'alchemy-sdk@3.6.5', ARRAY[
    'https://scroll-sepolia.g.alchemy.com/v2/{API_KEY}',
    'wss://scroll-sepolia.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 84532, 'alchemy-sdk@3.6.5', ARRAY[
    'https://base-sepolia.g.alchemy.com/v2/{API_KEY}',
    'wss://base-sepolia.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 4002, 'alchemy-sdk@3.6.5', ARRAY[
    'https://fantom-testnet.g.alchemy.com/v2/{API_KEY}',
    'wss://fantom-testnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 421614, 'alchemy-sdk@3.6.5', ARRAY[
    'https://arb-sepolia.g.alchemy.com/v2/{API_KEY}',
    'wss://arb-sepolia.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 11155420, 'alchemy-sdk@3.6.5', ARRAY[
    'https://opt-sepolia.g.alchemy.com/v2/{API_KEY}',
    'wss://opt-sepolia.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 10143, 'alchemy-sdk@3.6.5', ARRAY[
    'https://monad-testnet.g.alchemy.com/v2/{API_KEY}',
    'wss://monad-testnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 17000, 'alchemy-sdk@3.6.5', ARRAY[
    'https://eth-holesky.g.alchemy.com/v2/{API_KEY}',
    'wss://eth-holesky.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 1301, 'alchemy-sdk@3.6.5', ARRAY[
    'https://unichain-sepolia.g.alchemy.com/v2/{API_KEY}',
    'wss://unichain-sepolia.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 4801, 'alchemy-sdk@3.6.5', ARRAY[
    'https://worldchain-sepolia.g.alchemy.com/v2/{API_KEY}',
    'wss://worldchain-sepolia.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 1328, 'alchemy-sdk@3.6.5', ARRAY[
    'https://sei-testnet.g.alchemy.com/v2/{API_KEY}',
    'wss://sei-testnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 7001, 'alchemy-sdk@3.6.5', ARRAY[
    'https://zetachain-testnet.g.alchemy.com/v2/{API_KEY}',
    'wss://zetachain-testnet.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 10200, 'alchemy-sdk@3.6.5', ARRAY[
    'https://gnosis-chiado.g.alchemy.com/v2/{API_KEY}',
    'wss://gnosis-chiado.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 33111, 'alchemy-sdk@3.6.5', ARRAY[
    'https://apechain-curtis.g.alchemy.com/v2/{API_KEY}',
    'wss://apechain-curtis.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 59141, 'alchemy-sdk@3.6.5', ARRAY[
    'https://linea-sepolia.g.alchemy.com/v2/{API_KEY}',
    'wss://linea-sepolia.g.alchemy.com/v2/{API_KEY}']),
  ('alchemy', 560048, 'alchemy-sdk@3.6.5', ARRAY[
    'https://eth-hoodi.g.alchemy.com/v2/{API_KEY}',
    'wss://eth-hoodi.g.alchemy.com/v2/{API_KEY}']),
  ('infura', 1, '@wagmi/chains@1.8.0', ARRAY[
    'https://mainnet.infura.io/v3/{API_KEY}',
    'wss://mainnet.infura.io/ws/v3/{API_KEY}']),
  ('infura', 137, '@wagmi/chains@1.8.0', ARRAY[
    'https://polygon-mainnet.infura.io/v3/{API_KEY}',
    'wss://polygon-mainnet.infura.io/ws/v3/{API_KEY}']),
  ('infura', 10, '@wagmi/chains@1.8.0', ARRAY[
    'https://optimism-mainnet.infura.io/v3/{API_KEY}',
    'wss://optimism-mainnet.infura.io/ws/v3/{API_KEY}']),
  ('infura', 42161, '@wagmi/chains@1.8.0', ARRAY[
    'https://arbitrum-mainnet.infura.io/v3/{API_KEY}',
    'wss://arbitrum-mainnet.infura.io/ws/v3/{API_KEY}']),
  ('infura', 59144, '@wagmi/chains@1.8.0', ARRAY[
    'https://linea-mainnet.infura.io/v3/{API_KEY}',
    'wss://linea-mainnet.infura.io/ws/v3/{API_KEY}']),
  ('infura', 42220, '@wagmi/chains@1.8.0', ARRAY['https://celo-mainnet.infura.io/v3/{API_KEY}']),
  ('infura', 1313161554, '@wagmi/chains@1.8.0', ARRAY['https://aurora-mainnet.infura.io/v3/{API_KEY}']),
  ('infura', 11155111, '@wagmi/chains@1.8.0', ARRAY[
    'https://sepolia.infura.io/v3/{API_KEY}',
    'wss://sepolia.infura.io/ws/v3/{API_KEY}']),
  ('quicknode', 1, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.quiknode.pro/{API_KEY}/']),
  ('quicknode', 56, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.bsc.quiknode.pro/{API_KEY}/']),
  ('quicknode', 137, '@quicknode/sdk@2.6.0', ARRAY[
    'https://{ENDPOINT_NAME}.matic.quiknode.pro/{API_KEY}/',
    'https://{ENDPOINT_NAME}.polygon.quiknode.pro/{API_KEY}/']),
  ('quicknode', 8453, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.base-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 10, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.optimism.quiknode.pro/{API_KEY}/']),
  ('quicknode', 42161, '@quicknode/sdk@2.6.0', ARRAY[
    'https://{ENDPOINT_NAME}.arbitrum-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 43114, '@quicknode/sdk@2.6.0', ARRAY[
    'https://{ENDPOINT_NAME}.avalanche-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 250, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.fantom.quiknode.pro/{API_KEY}/']),
  ('quicknode', 81457, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.blast-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 100, '@quicknode/sdk@2.6.0', ARRAY[
    'https://{ENDPOINT_NAME}.xdai.quiknode.pro/{API_KEY}/',
    'https://{ENDPOINT_NAME}.gnosis.quiknode.pro/{API_KEY}/']),
  ('quicknode', 1514, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.story-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 5000, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.mantle-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 534352, '@quicknode/sdk@2.6.0', ARRAY[
    'https://{ENDPOINT_NAME}.scroll-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 146, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.sonic-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 130, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.unichain-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 59144, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.linea-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 8217, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.kaia-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 42170, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.arbitrum-nova.quiknode.pro/{API_KEY}/']),
  ('quicknode', 143, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.monad-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 1666600000, '@quicknode/sdk@2.6.0', ARRAY[
    'https://{ENDPOINT_NAME}.harmony-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 42220, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.celo-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 196, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.xlayer-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 1101, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.zkevm-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 1329, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.sei-pacific.quiknode.pro/{API_KEY}/']),
  ('quicknode', 57073, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.ink-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 480, '@quicknode/sdk@2.6.0', ARRAY[
    'https://{ENDPOINT_NAME}.worldchain-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 1868, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.soneium-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 9745, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.plasma-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 2741, '@quicknode/sdk@2.6.0', ARRAY[
    'https://{ENDPOINT_NAME}.abstract-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 2818, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.morph-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 13371, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.imx-mainnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 11155111, '@quicknode/sdk@2.6.0', ARRAY[
    'https://{ENDPOINT_NAME}.ethereum-sepolia.quiknode.pro/{API_KEY}/']),
  ('quicknode', 97, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.bsc-testnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 80002, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.matic-amoy.quiknode.pro/{API_KEY}/']),
  ('quicknode', 1315, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.story-aeneid.quiknode.pro/{API_KEY}/']),
  ('quicknode', 43113, '@quicknode/sdk@2.6.0', ARRAY[
    'https://{ENDPOINT_NAME}.avalanche-testnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 534351, '@quicknode/sdk@2.6.0', ARRAY[
    'https://{ENDPOINT_NAME}.scroll-testnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 84532, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.base-sepolia.quiknode.pro/{API_KEY}/']),
  ('quicknode', 421614, '@quicknode/sdk@2.6.0', ARRAY[
    'https://{ENDPOINT_NAME}.arbitrum-sepolia.quiknode.pro/{API_KEY}/']),
  ('quicknode', 11155420, '@quicknode/sdk@2.6.0', ARRAY[
    'https://{ENDPOINT_NAME}.optimism-sepolia.quiknode.pro/{API_KEY}/']),
  ('quicknode', 10143, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.monad-testnet.quiknode.pro/{API_KEY}/']),
  ('quicknode', 17000, '@quicknode/sdk@2.6.0', ARRAY[
    'https://{ENDPOINT_NAME}.ethereum-holesky.quiknode.pro/{API_KEY}/']),
  ('quicknode', 1301, '@quicknode/sdk@2.6.0', ARRAY[
    'https://{ENDPOINT_NAME}.unichain-sepolia.quiknode.pro/{API_KEY}/']),
  ('quicknode', 1001, '@quicknode/sdk@2.6.0', ARRAY['https://{ENDPOINT_NAME}.kaia-kairos.quiknode.pro/{API_KEY}/']),
  ('quicknode', 4801, '@quicknode/sdk@2.6.0', ARRAY[
    'https://{ENDPOINT_NAME}.worldchain-sepolia.quiknode.pro/{API_KEY}/']),
  ('thirdweb', 1, '@thirdweb-dev/chains@0.1.120', ARRAY['https://1.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 56, '@thirdweb-dev/chains@0.1.120', ARRAY['https://56.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 137, '@thirdweb-dev/chains@0.1.120', ARRAY['https://137.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 8453, '@thirdweb-dev/chains@0.1.120', ARRAY['https://8453.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 10, '@thirdweb-dev/chains@0.1.120', ARRAY['https://10.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 42161, '@thirdweb-dev/chains@0.1.120', ARRAY['https://42161.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 9001, '@thirdweb-dev/chains@0.1.120', ARRAY['https://9001.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 43114, '@thirdweb-dev/chains@0.1.120', ARRAY['https://43114.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 250, '@thirdweb-dev/chains@0.1.120', ARRAY['https://250.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 81457, '@thirdweb-dev/chains@0.1.120', ARRAY['https://81457.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 1284, '@thirdweb-dev/chains@0.1.120', ARRAY['https://1284.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 100, '@thirdweb-dev/chains@0.1.120', ARRAY['https://100.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 369, '@thirdweb-dev/chains@0.1.120', ARRAY['https://369.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 5000, '@thirdweb-dev/chains@0.1.120', ARRAY['https://5000.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 25, '@thirdweb-dev/chains@0.1.120', ARRAY['https://25.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 534352, '@thirdweb-dev/chains@0.1.120', ARRAY['https://534352.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 1285, '@thirdweb-dev/chains@0.1.120', ARRAY['https://1285.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 324, '@thirdweb-dev/chains@0.1.120', ARRAY['https://324.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 2222, '@thirdweb-dev/chains@0.1.120', ARRAY['https://2222.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 167000, '@thirdweb-dev/chains@0.1.120', ARRAY['https://167000.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 50, '@thirdweb-dev/chains@0.1.120', ARRAY['https://50.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 204, '@thirdweb-dev/chains@0.1.120', ARRAY['https://204.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 59144, '@thirdweb-dev/chains@0.1.120', ARRAY['https://59144.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 169, '@thirdweb-dev/chains@0.1.120', ARRAY['https://169.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 592, '@thirdweb-dev/chains@0.1.120', ARRAY['https://592.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 8217, '@thirdweb-dev/chains@0.1.120', ARRAY['https://8217.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 42170, '@thirdweb-dev/chains@0.1.120', ARRAY['https://42170.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 1088, '@thirdweb-dev/chains@0.1.120', ARRAY['https://1088.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 1100, '@thirdweb-dev/chains@0.1.120', ARRAY['https://1100.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 1666600000, '@thirdweb-dev/chains@0.1.120', ARRAY['https://1666600000.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 122, '@thirdweb-dev/chains@0.1.120', ARRAY['https://122.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 42220, '@thirdweb-dev/chains@0.1.120', ARRAY['https://42220.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 988207, '@thirdweb-dev/chains@0.1.120', ARRAY['https://988207.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 196, '@thirdweb-dev/chains@0.1.120', ARRAY['https://196.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 288, '@thirdweb-dev/chains@0.1.120', ARRAY['https://288.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 314, '@thirdweb-dev/chains@0.1.120', ARRAY['https://314.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 1101, '@thirdweb-dev/chains@0.1.120', ARRAY['https://1101.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 1329, '@thirdweb-dev/chains@0.1.120', ARRAY['https://1329.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 252, '@thirdweb-dev/chains@0.1.120', ARRAY['https://252.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 4689, '@thirdweb-dev/chains@0.1.120', ARRAY['https://4689.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 5165, '@thirdweb-dev/chains@0.1.120', ARRAY['https://5165.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 7700, '@thirdweb-dev/chains@0.1.120', ARRAY['https://7700.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 11235, '@thirdweb-dev/chains@0.1.120', ARRAY['https://11235.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 32520, '@thirdweb-dev/chains@0.1.120', ARRAY['https://32520.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 20, '@thirdweb-dev/chains@0.1.120', ARRAY['https://20.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 29, '@thirdweb-dev/chains@0.1.120', ARRAY['https://29.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 336, '@thirdweb-dev/chains@0.1.120', ARRAY['https://336.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 1116, '@thirdweb-dev/chains@0.1.120', ARRAY['https://1116.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 2000, '@thirdweb-dev/chains@0.1.120', ARRAY['https://2000.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 4200, '@thirdweb-dev/chains@0.1.120', ARRAY['https://4200.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 7000, '@thirdweb-dev/chains@0.1.120', ARRAY['https://7000.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 34443, '@thirdweb-dev/chains@0.1.120', ARRAY['https://34443.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 60808, '@thirdweb-dev/chains@0.1.120', ARRAY['https://60808.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 20181205, '@thirdweb-dev/chains@0.1.120', ARRAY['https://20181205.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 30, '@thirdweb-dev/chains@0.1.120', ARRAY['https://30.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 40, '@thirdweb-dev/chains@0.1.120', ARRAY['https://40.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 61, '@thirdweb-dev/chains@0.1.120', ARRAY['https://61.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 1135, '@thirdweb-dev/chains@0.1.120', ARRAY['https://1135.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 1319, '@thirdweb-dev/chains@0.1.120', ARRAY['https://1319.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 2021, '@thirdweb-dev/chains@0.1.120', ARRAY['https://2021.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 56288, '@thirdweb-dev/chains@0.1.120', ARRAY['https://56288.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 1313161554, '@thirdweb-dev/chains@0.1.120', ARRAY['https://1313161554.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 52, '@thirdweb-dev/chains@0.1.120', ARRAY['https://52.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 66, '@thirdweb-dev/chains@0.1.120', ARRAY['https://66.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 223, '@thirdweb-dev/chains@0.1.120', ARRAY['https://223.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 321, '@thirdweb-dev/chains@0.1.120', ARRAY['https://321.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 570, '@thirdweb-dev/chains@0.1.120', ARRAY['https://570.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 721, '@thirdweb-dev/chains@0.1.120', ARRAY['https://721.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 2332, '@thirdweb-dev/chains@0.1.120', ARRAY['https://2332.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 73115, '@thirdweb-dev/chains@0.1.120', ARRAY['https://73115.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 111188, '@thirdweb-dev/chains@0.1.120', ARRAY['https://111188.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 19, '@thirdweb-dev/chains@0.1.120', ARRAY['https://19.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 42, '@thirdweb-dev/chains@0.1.120', ARRAY['https://42.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 57, '@thirdweb-dev/chains@0.1.120', ARRAY['https://57.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 58, '@thirdweb-dev/chains@0.1.120', ARRAY['https://58.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 128, '@thirdweb-dev/chains@0.1.120', ARRAY['https://128.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 255, '@thirdweb-dev/chains@0.1.120', ARRAY['https://255.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 1111, '@thirdweb-dev/chains@0.1.120', ARRAY['https://1111.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 2020, '@thirdweb-dev/chains@0.1.120', ARRAY['https://2020.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 8822, '@thirdweb-dev/chains@0.1.120', ARRAY['https://8822.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 10000, '@thirdweb-dev/chains@0.1.120', ARRAY['https://10000.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 13371, '@thirdweb-dev/chains@0.1.120', ARRAY['https://13371.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 24734, '@thirdweb-dev/chains@0.1.120', ARRAY['https://24734.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 88888, '@thirdweb-dev/chains@0.1.120', ARRAY['https://88888.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 7777777, '@thirdweb-dev/chains@0.1.120', ARRAY['https://7777777.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 245022934, '@thirdweb-dev/chains@0.1.120', ARRAY['https://245022934.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 11155111, '@thirdweb-dev/chains@0.1.120', ARRAY['https://11155111.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 9000, '@thirdweb-dev/chains@0.1.120', ARRAY['https://9000.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 97, '@thirdweb-dev/chains@0.1.120', ARRAY['https://97.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 80002, '@thirdweb-dev/chains@0.1.120', ARRAY['https://80002.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 43113, '@thirdweb-dev/chains@0.1.120', ARRAY['https://43113.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 534351, '@thirdweb-dev/chains@0.1.120', ARRAY['https://534351.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 84532, '@thirdweb-dev/chains@0.1.120', ARRAY['https://84532.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 4002, '@thirdweb-dev/chains@0.1.120', ARRAY['https://4002.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 421614, '@thirdweb-dev/chains@0.1.120', ARRAY['https://421614.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 11155420, '@thirdweb-dev/chains@0.1.120', ARRAY['https://11155420.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 1287, '@thirdweb-dev/chains@0.1.120', ARRAY['https://1287.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 17000, '@thirdweb-dev/chains@0.1.120', ARRAY['https://17000.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 943, '@thirdweb-dev/chains@0.1.120', ARRAY['https://943.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 1001, '@thirdweb-dev/chains@0.1.120', ARRAY['https://1001.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 3441006, '@thirdweb-dev/chains@0.1.120', ARRAY['https://3441006.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 51, '@thirdweb-dev/chains@0.1.120', ARRAY['https://51.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 1328, '@thirdweb-dev/chains@0.1.120', ARRAY['https://1328.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 2221, '@thirdweb-dev/chains@0.1.120', ARRAY['https://2221.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 7001, '@thirdweb-dev/chains@0.1.120', ARRAY['https://7001.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 10200, '@thirdweb-dev/chains@0.1.120', ARRAY['https://10200.rpc.thirdweb.com/{API_KEY}']),
  ('thirdweb', 59141, '@thirdweb-dev/chains@0.1.120', ARRAY['https://59141.rpc.thirdweb.com/{API_KEY}'])
) AS sourced (provider_slug, evm_chain_id, source, url_templates)
JOIN providers p ON p.slug = sourced.provider_slug
JOIN chains c ON c.evm_chain_id = sourced.evm_chain_id
ON CONFLICT DO NOTHING;

-- An admin link is kept only for a chain no sourced link covers (as the admin's link calls write them).
DELETE FROM provider_chains a
WHERE a.source = 'admin'
  AND EXISTS (SELECT 1 FROM provider_chains s
              WHERE s.provider_id = a.provider_id AND s.chain_id = a.chain_id AND s.source <> 'admin');

-- Facts a chooser compares (contract/facts.ts), one row per provider and fact, each with its own source and date;
-- a fact nobody entered has no row and shows as unknown.
CREATE TABLE provider_facts (
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  fact        text NOT NULL CHECK (fact IN ('freeTier', 'pricingModel', 'pricingPage', 'startingPrice', 'archive',
                                            'trace', 'websocket', 'dedicatedNodes', 'sla', 'regions')),
  value       jsonb NOT NULL,
  note        text,
  source_url  text NOT NULL CHECK (source_url ~ '^https?://'),
  as_of       date NOT NULL,
  PRIMARY KEY (provider_id, fact)
);
