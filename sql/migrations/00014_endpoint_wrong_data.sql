-- wrong-data: an endpoint whose block hash at a recent height differs from the one other endpoints of its chain
-- agree on (api/health/data-check.ts). disagrees_with is how many agreed on that other hash at the latest check;
-- null when the endpoint agreed or was not compared.
ALTER TABLE endpoint_health DROP CONSTRAINT endpoint_health_status_check;
ALTER TABLE endpoint_health ADD CONSTRAINT endpoint_health_status_check
  CHECK (status IN ('ok', 'degraded', 'down', 'wrong-chain', 'wrong-data', 'unverified'));
ALTER TABLE endpoint_health ADD COLUMN disagrees_with integer;
