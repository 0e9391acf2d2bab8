-- The change log names where an addition or removal came from when a refresh from upstream made it (its run: the
-- source and when it was applied), and counts an endpoint taken off the list while its row stays (removed_at set,
-- by a refresh or an admin) as a removal and one listed again (removed_at cleared) as an addition, like a deletion
-- and an insertion.
ALTER TABLE endpoint_changes ADD COLUMN refresh_run_id integer REFERENCES refresh_runs(id) ON DELETE SET NULL;

-- The trigger functions below call it by name at run time: replaced with them, it leaves no call to the old one.
DROP FUNCTION log_endpoint_change(text, integer, text, text);

CREATE FUNCTION log_endpoint_change(kind text, endpoint_id integer, status_from text, status_to text, run_id integer)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO endpoint_changes (kind, endpoint_id, url, chain_slug, chain_name, provider_slug, provider_name,
                                status_from, status_to, refresh_run_id)
  SELECT kind, e.id, e.url, c.slug, c.name, p.slug, p.name, status_from, status_to, run_id
  FROM chain_rpc_endpoints e LEFT JOIN chains c ON c.id = e.chain_id LEFT JOIN providers p ON p.id = e.provider_id
  WHERE e.id = endpoint_id;
END $$;

CREATE OR REPLACE FUNCTION endpoint_status_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM log_endpoint_change('status', NEW.endpoint_id, OLD.status, NEW.status, NULL);
  RETURN NULL;
END $$;

-- A refresh inserts its endpoints with its run's id; any other insertion has none.
CREATE OR REPLACE FUNCTION endpoint_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('rpc_atlas.seeding', true), '') <> 'on' THEN
    PERFORM log_endpoint_change('added', NEW.id, NULL, NULL, NEW.refresh_run_id);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION endpoint_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM log_endpoint_change('removed', OLD.id, NULL, NULL, NULL);
  RETURN OLD;
END $$;

-- Taken off the list or listed again: by a refresh when the same update sets its run (an admin's leaves it as it was).
CREATE FUNCTION endpoint_listing_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM log_endpoint_change(CASE WHEN NEW.removed_at IS NULL THEN 'added' ELSE 'removed' END, NEW.id, NULL, NULL,
                              CASE WHEN NEW.refresh_run_id IS DISTINCT FROM OLD.refresh_run_id
                                   THEN NEW.refresh_run_id END);
  RETURN NULL;
END $$;

CREATE TRIGGER endpoint_listing_changed AFTER UPDATE OF removed_at ON chain_rpc_endpoints
  FOR EACH ROW WHEN (OLD.removed_at IS DISTINCT FROM NEW.removed_at) EXECUTE FUNCTION endpoint_listing_changed();
