-- An Idempotency-Key is bound to the request it first came with: the SHA-256 of method, path and body.
-- The same key with another request is refused instead of replaying an answer to a different write.
-- Keys stored before this column existed hold NULL and replay as before (they expire within 30 days).
ALTER TABLE idempotency_keys ADD COLUMN request_hash text;
