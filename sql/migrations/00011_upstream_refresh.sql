-- Refreshing the directory from the upstream lists (api/refresh/): each applied refresh and item with its source and
-- admin; which fields of a chain or endpoint an admin set by hand, so a refresh never overwrites them silently; and
-- removals that keep the endpoint's row, so one that comes back keeps its health history.

CREATE TABLE refresh_runs (
  id              serial PRIMARY KEY,
  source_name     text NOT NULL,        -- the upstream format: 'chainlist rpcs.json' or 'ethereum-lists chains.json'
  source_location text NOT NULL,        -- the URL fetched, or the file's name
  source_date     timestamptz,          -- the file's date (its modification time or Last-Modified), when known
  applied_at      timestamptz NOT NULL DEFAULT now(),
  applied_by      integer REFERENCES users(id) ON DELETE SET NULL,
  applied_by_name text NOT NULL         -- the admin's email, or the command line's user
);

CREATE TABLE refresh_items (
  id          serial PRIMARY KEY,
  run_id      integer NOT NULL REFERENCES refresh_runs(id) ON DELETE CASCADE,
  kind        text NOT NULL CHECK (kind IN ('chain-added', 'chain-changed', 'endpoint-added', 'endpoint-removed',
                                            'endpoint-changed')),
  item_key    text NOT NULL,
  chain_id    integer REFERENCES chains(id) ON DELETE SET NULL,
  endpoint_id integer REFERENCES chain_rpc_endpoints(id) ON DELETE SET NULL,
  detail      jsonb NOT NULL            -- the item as reviewed: values before and after
);
CREATE INDEX refresh_items_run ON refresh_items (run_id);

-- edited_by_hand: the fields an admin changed by hand since the row was loaded (an endpoint's 'removed' when an
-- admin removed it). Edits made before this migration are not known. removed_at: the endpoint is no longer listed
-- (every read of the directory skips it); its id, and the health history on it, stay.
ALTER TABLE chain_rpc_endpoints
  ADD COLUMN removed_at timestamptz,
  ADD COLUMN edited_by_hand text[] NOT NULL DEFAULT '{}',
  ADD COLUMN refresh_run_id integer REFERENCES refresh_runs(id) ON DELETE SET NULL;

ALTER TABLE chains
  ADD COLUMN edited_by_hand text[] NOT NULL DEFAULT '{}',
  ADD COLUMN refresh_run_id integer REFERENCES refresh_runs(id) ON DELETE SET NULL;
