-- A snapshot under review in the admin panel, kept so that applying reads the very bytes reviewed.
CREATE TABLE refresh_snapshots (
  sha256     text PRIMARY KEY,
  source     jsonb NOT NULL,
  bytes      bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
