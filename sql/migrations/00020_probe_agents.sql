-- Probe agents: probers elsewhere that hold a token, not a database. An admin creates one for a region; only the
-- SHA-256 of its token is kept (the token is shown once). A revoked agent keeps its row, refused from then on.
CREATE TABLE probe_agents (
  id           serial PRIMARY KEY,
  region       text NOT NULL CHECK (region ~ '^[A-Za-z0-9][A-Za-z0-9 ._-]{0,39}$'),
  token_hash   bytea NOT NULL UNIQUE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz,
  revoked_at   timestamptz
);

-- Each region's latest probe of an endpoint (the site's own prober is one region): what the pages show per region.
-- fresh_until is when the entry turns stale (three probe intervals after it was measured): a stopped agent's
-- region reads stale, never down. Only the site's own region decides endpoint_health.status.
CREATE TABLE endpoint_region_health (
  endpoint_id integer NOT NULL REFERENCES chain_rpc_endpoints(id) ON DELETE CASCADE,
  region      text NOT NULL,
  status      text NOT NULL CHECK (status IN ('ok', 'degraded', 'down', 'wrong-chain')),
  latency_ms  integer,
  checked_at  timestamptz NOT NULL,
  fresh_until timestamptz NOT NULL,
  PRIMARY KEY (endpoint_id, region)
);
CREATE INDEX endpoint_region_health_region ON endpoint_region_health (region);
