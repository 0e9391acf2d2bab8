-- State of the local identity provider (oidc-provider's adapter: interactions, sessions, grants, codes,
-- tokens), shared by every instance so a sign-in may start on one and finish on another. One row per
-- (model, id); the lookups the adapter interface needs (by session uid, device user code, grant) are
-- columns; a row past expires_at is gone for every reader and deleted by the next prune.
CREATE TABLE oidc_payloads (
  model       text NOT NULL,
  id          text NOT NULL,
  payload     jsonb NOT NULL,
  uid         text,
  user_code   text,
  grant_id    text,
  consumed_at timestamptz,
  expires_at  timestamptz,
  PRIMARY KEY (model, id)
);
CREATE INDEX oidc_payloads_uid ON oidc_payloads (model, uid) WHERE uid IS NOT NULL;
CREATE INDEX oidc_payloads_user_code ON oidc_payloads (model, user_code) WHERE user_code IS NOT NULL;
CREATE INDEX oidc_payloads_grant ON oidc_payloads (model, grant_id) WHERE grant_id IS NOT NULL;
CREATE INDEX oidc_payloads_expires ON oidc_payloads (expires_at);
