-- Endpoint health: raw probes (kept 48 h), hourly roll-ups (kept 90 days), one summary row per probed endpoint
-- (what pages read, so a chain page never aggregates raw probes) and the prober's own state.
-- Every row follows its endpoint: ids stay stable across admin edits, and deleting an endpoint drops its history.

CREATE TABLE endpoint_health (
  endpoint_id      integer PRIMARY KEY REFERENCES chain_rpc_endpoints(id) ON DELETE CASCADE,
  -- The endpoint's own timer: its next probe is due then (a random phase within the interval).
  next_probe_at    timestamptz NOT NULL,
  status           text NOT NULL DEFAULT 'unverified'
                   CHECK (status IN ('ok', 'degraded', 'down', 'wrong-chain', 'unverified')),
  checked_at       timestamptz,
  latency_ms       integer,
  head_block       bigint,
  block_lag        bigint,
  head_age_s       integer,
  uptime_24h       real,
  uptime_7d        real,
  p50_ms           integer,
  p95_ms           integer,
  browser_callable boolean,
  down_since       timestamptz,
  -- The daily capability probe: archive reads, trace_ and debug_ methods (null: not known).
  archive          boolean,
  trace_api        boolean,
  debug_api        boolean,
  capabilities_checked_at timestamptz
);
CREATE INDEX endpoint_health_due ON endpoint_health (next_probe_at);

CREATE TABLE endpoint_probes (
  id                bigserial PRIMARY KEY,
  endpoint_id       integer NOT NULL REFERENCES chain_rpc_endpoints(id) ON DELETE CASCADE,
  probed_at         timestamptz NOT NULL DEFAULT now(),
  status            text NOT NULL CHECK (status IN ('ok', 'degraded', 'down', 'wrong-chain')),
  http_status       smallint,
  latency_ms        integer,
  error_class       text CHECK (error_class IN ('timeout', 'dns', 'tls', 'connect', 'refused-address', 'redirect',
                      'http-429', 'http-4xx', 'http-5xx', 'too-large', 'invalid-json', 'jsonrpc-error', 'wrong-chain')),
  answered_chain_id bigint,
  head_block        bigint,
  head_age_s        integer,
  block_lag         bigint,
  browser_callable  boolean
);
CREATE INDEX endpoint_probes_endpoint ON endpoint_probes (endpoint_id, probed_at);
CREATE INDEX endpoint_probes_time ON endpoint_probes (probed_at);

-- "up" counts probes that answered the right chain (ok or degraded).
CREATE TABLE endpoint_health_hourly (
  endpoint_id integer NOT NULL REFERENCES chain_rpc_endpoints(id) ON DELETE CASCADE,
  hour        timestamptz NOT NULL,
  probes      integer NOT NULL,
  up          integer NOT NULL,
  p50_ms      integer,
  p95_ms      integer,
  PRIMARY KEY (endpoint_id, hour)
);
CREATE INDEX endpoint_health_hourly_hour ON endpoint_health_hourly (hour);

-- One row. "paused" means no network at all: nothing is recorded against endpoints meanwhile.
CREATE TABLE prober_state (
  id               boolean PRIMARY KEY DEFAULT true CHECK (id),
  state            text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'paused')),
  reason           text,
  round_started_at timestamptz,
  last_round_at    timestamptz,
  updated_at       timestamptz NOT NULL DEFAULT now()
);
INSERT INTO prober_state DEFAULT VALUES;
