-- Abuse-limit counters of rate-limiter-flexible (RateLimiterPostgres), shared by every instance.
-- The library's own table layout: key = "<limit>:<who>", points used, expiry in epoch milliseconds.
CREATE TABLE rate_limits (
  key    varchar(255) PRIMARY KEY,
  points integer NOT NULL DEFAULT 0,
  expire bigint
);
CREATE INDEX rate_limits_expire ON rate_limits (expire);
