-- Endpoint capabilities as measured once a day (api/health/capabilities.ts): one JSON object per endpoint, each
-- capability with its own value and time, in the shape the API answers (contract/health.ts). It replaces the three
-- booleans of the first capability probe, which asked whether methods existed rather than whether they answered.
ALTER TABLE endpoint_health
  DROP COLUMN archive,
  DROP COLUMN trace_api,
  DROP COLUMN debug_api,
  ADD COLUMN capabilities jsonb;
-- Those old findings are not carried over: the next day's check measures again.
UPDATE endpoint_health SET capabilities_checked_at = NULL;
