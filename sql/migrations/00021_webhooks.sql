-- Webhooks: URLs an admin registered, each sent every change-log entry (endpoint_changes) as a signed POST.
-- A delivery row per (webhook, change) is written by a trigger in the very transaction that logs the change, so no
-- change can be skipped, whatever order concurrent transactions commit in (a cursor over change ids could pass an
-- id whose transaction commits later). The deliverer turns 'pending' rows into pg-boss jobs ('queued') in one
-- transaction with the jobs it inserts, so each becomes exactly one job, whichever instance takes it.
CREATE TABLE webhooks (
  id         serial PRIMARY KEY,
  url        text NOT NULL,
  secret     text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_deliveries (
  id           bigserial PRIMARY KEY,
  webhook_id   integer NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  change_id    bigint NOT NULL REFERENCES endpoint_changes(id) ON DELETE CASCADE,
  state        text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'queued', 'delivered', 'failed')),
  attempts     integer NOT NULL DEFAULT 0,
  status_code  integer,
  last_error   text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  attempted_at timestamptz,
  delivered_at timestamptz,
  UNIQUE (webhook_id, change_id)
);
CREATE INDEX webhook_deliveries_open ON webhook_deliveries (state, id) WHERE state IN ('pending', 'queued');
CREATE INDEX webhook_deliveries_change ON webhook_deliveries (change_id);

-- FOR KEY SHARE: a webhook deleted meanwhile is skipped (its deletion waited for, then seen), never a foreign-key
-- error that would fail the write that logged the change.
CREATE FUNCTION endpoint_change_to_webhooks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO webhook_deliveries (webhook_id, change_id)
  SELECT w.id, NEW.id FROM (SELECT id FROM webhooks FOR KEY SHARE) w;
  RETURN NULL;
END $$;
CREATE TRIGGER endpoint_change_to_webhooks AFTER INSERT ON endpoint_changes
  FOR EACH ROW EXECUTE FUNCTION endpoint_change_to_webhooks();
