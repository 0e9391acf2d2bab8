-- The change log (GET /api/changes, /changes.atom): every endpoint status change, every endpoint added or removed.
-- Written by triggers, so that every path that changes them (the prober, the data check, admin edits, imports, the
-- dataset refresh) is logged alike. Each entry keeps the endpoint's URL, chain and provider as they were: a removed
-- endpoint's entries stay. The first load of the dataset is not a change (the seeder sets rpc_atlas.seeding).
CREATE TABLE endpoint_changes (
  id            bigserial PRIMARY KEY,
  at            timestamptz NOT NULL DEFAULT now(),
  kind          text NOT NULL CHECK (kind IN ('status', 'added', 'removed')),
  endpoint_id   integer NOT NULL,
  url           text NOT NULL,
  chain_slug    text,
  chain_name    text,
  provider_slug text,
  provider_name text,
  status_from   text,
  status_to     text
);
CREATE INDEX endpoint_changes_chain ON endpoint_changes (chain_slug, id);
CREATE INDEX endpoint_changes_provider ON endpoint_changes (provider_slug, id);

CREATE FUNCTION log_endpoint_change(kind text, endpoint_id integer, status_from text, status_to text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO endpoint_changes (kind, endpoint_id, url, chain_slug, chain_name, provider_slug, provider_name,
                                status_from, status_to)
  SELECT kind, e.id, e.url, c.slug, c.name, p.slug, p.name, status_from, status_to
  FROM chain_rpc_endpoints e LEFT JOIN chains c ON c.id = e.chain_id LEFT JOIN providers p ON p.id = e.provider_id
  WHERE e.id = endpoint_id;
END $$;

CREATE FUNCTION endpoint_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM log_endpoint_change('status', NEW.endpoint_id, OLD.status, NEW.status);
  RETURN NULL;
END $$;
CREATE TRIGGER endpoint_status_changed AFTER UPDATE OF status ON endpoint_health
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION endpoint_status_changed();

CREATE FUNCTION endpoint_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('rpc_atlas.seeding', true), '') <> 'on' THEN
    PERFORM log_endpoint_change('added', NEW.id, NULL, NULL);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER endpoint_added AFTER INSERT ON chain_rpc_endpoints
  FOR EACH ROW EXECUTE FUNCTION endpoint_added();

-- Before the row goes (its chain and provider are still there to name, even when a chain's deletion cascades).
CREATE FUNCTION endpoint_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM log_endpoint_change('removed', OLD.id, NULL, NULL);
  RETURN OLD;
END $$;
CREATE TRIGGER endpoint_removed BEFORE DELETE ON chain_rpc_endpoints
  FOR EACH ROW EXECUTE FUNCTION endpoint_removed();
