-- Databases loaded before get the links a fresh load gives for the networks GetBlock serves by its own
-- documentation (data/provider-docs-coverage.json, made by data/build.mjs from data/sources/getblock/), matched by
-- EVM chain id as the file is, each with its source's date; a link already there is kept.
INSERT INTO provider_chains (provider_id, chain_id, kind, source, url_templates, as_of)
SELECT p.id, c.id, 'api-key', sourced.source, sourced.url_templates, sourced.as_of::date
FROM (VALUES
  ('getblock', 1, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 56, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 137, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 8453, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 10, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 42161, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 43114, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 5000, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 324, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 146, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 130, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 204, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 59144, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 8217, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 42170, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 143, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 42220, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 314, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 1329, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 4663, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 480, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 728126428, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 2020, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 11155111, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 97, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 80002, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 43113, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 84532, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 421614, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 11155420, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21'),
  ('getblock', 59141, 'GetBlock-io/getblock-docs@2225e4c710cdeaadc8f66fd167ab436e2bd1a519:api-reference', '{}'::text[], '2026-08-21')
) AS sourced (provider_slug, evm_chain_id, source, url_templates, as_of)
JOIN providers p ON p.slug = sourced.provider_slug
JOIN chains c ON c.evm_chain_id = sourced.evm_chain_id
ON CONFLICT DO NOTHING;
