-- The whole schema: the directory, its users and reviews, the admin's content, plus the dataset's chain facts.
-- Runs on PostgreSQL 15+ and on PGlite (PostgreSQL 18). Sized for 10,000 providers,
-- 1,000 chains and 1,000,000 reviews: every query path has an index.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE chains (
  id                   serial PRIMARY KEY,
  name                 text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  slug                 text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 200),
  title                text,
  description          text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
  detailed_description text NOT NULL DEFAULT '',
  icon_url             text,
  color                text NOT NULL DEFAULT '#3b82f6' CHECK (color ~ '^#[0-9a-fA-F]{6}$'),
  website_url          text,
  twitter_url          text,
  discord_url          text,
  telegram_url         text,
  github_url           text,
  linkedin_url         text,
  meta_title           text CHECK (length(meta_title) <= 60),
  meta_description     text CHECK (length(meta_description) <= 160),
  og_title             text CHECK (length(og_title) <= 60),
  og_description       text CHECK (length(og_description) <= 160),
  og_image             text,
  -- Facts from the dataset (ethereum-lists / chainlist).
  evm_chain_id         bigint UNIQUE,
  short_name           text,
  native_currency      jsonb,          -- {name, symbol, decimals}
  explorers            jsonb NOT NULL DEFAULT '[]',  -- [{name, url}]
  is_testnet           boolean NOT NULL DEFAULT false,
  status               text NOT NULL DEFAULT 'active',
  parent_chain_id      integer REFERENCES chains(id) ON DELETE SET NULL,
  sort_rank            integer NOT NULL DEFAULT 1000000, -- dataset order (relevance); new chains go last
  -- Votes are kept on the row (see chain_votes).
  total_upvotes        integer NOT NULL DEFAULT 0,
  total_downvotes      integer NOT NULL DEFAULT 0,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX chains_name_trgm ON chains USING gin (name gin_trgm_ops);
CREATE INDEX chains_description_trgm ON chains USING gin (description gin_trgm_ops);
CREATE INDEX chains_sort_rank ON chains (sort_rank, id);
CREATE INDEX chains_parent ON chains (parent_chain_id);

CREATE TABLE providers (
  id                   serial PRIMARY KEY,
  name                 text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  slug                 text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 200),
  description          text NOT NULL DEFAULT '' CHECK (length(description) <= 2000),
  detailed_description text NOT NULL DEFAULT '',
  website              text,
  affiliate_url        text,           -- used by "Visit Official Website" when present
  logo_url             text,
  icon_url             text,
  color                text NOT NULL DEFAULT '#3b82f6' CHECK (color ~ '^#[0-9a-fA-F]{6}$'),
  twitter_url          text,
  discord_url          text,
  telegram_url         text,
  github_url           text,
  linkedin_url         text,
  meta_title           text CHECK (length(meta_title) <= 60),
  meta_description     text CHECK (length(meta_description) <= 160),
  og_title             text CHECK (length(og_title) <= 60),
  og_description       text CHECK (length(og_description) <= 160),
  og_image             text,
  nofollow_links       boolean NOT NULL DEFAULT false,
  cloaked_links        boolean NOT NULL DEFAULT false,
  featured             boolean NOT NULL DEFAULT false,
  -- Facts from the dataset.
  privacy_policy_url   text,
  tracking             text NOT NULL DEFAULT 'unspecified'
                       CHECK (tracking IN ('none', 'limited', 'yes', 'mixed', 'unspecified')),
  -- Rating aggregates over APPROVED reviews only, changed in the same transaction as every
  -- approve, reject, edit or delete (sql/queries/reviews.ts). The average is derived so it
  -- can never drift from sum/count.
  rating_sum           bigint  NOT NULL DEFAULT 0 CHECK (rating_sum >= 0),
  total_reviews        integer NOT NULL DEFAULT 0 CHECK (total_reviews >= 0),
  average_rating       numeric(3, 2) GENERATED ALWAYS AS
                       (CASE WHEN total_reviews = 0 THEN 0 ELSE round(rating_sum::numeric / total_reviews, 2) END) STORED,
  upvotes              integer NOT NULL DEFAULT 0 CHECK (upvotes >= 0),
  downvotes            integer NOT NULL DEFAULT 0 CHECK (downvotes >= 0),
  -- "Most Popular": a Bayesian average. Each approved review counts its stars, each upvote
  -- counts as a 5-star and each downvote as a 1-star rating, and five 3-star ratings are added
  -- as a prior, so one 5-star review cannot top the list. Written for users on the About page.
  popularity_score     double precision GENERATED ALWAYS AS
                       ((rating_sum + 5 * upvotes + downvotes + 15)::double precision
                        / (total_reviews + upvotes + downvotes + 5)) STORED,
  sort_rank            integer NOT NULL DEFAULT 1000000,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX providers_name_trgm ON providers USING gin (name gin_trgm_ops);
CREATE INDEX providers_description_trgm ON providers USING gin (description gin_trgm_ops);
CREATE INDEX providers_rating ON providers (average_rating DESC, total_reviews DESC, id);
CREATE INDEX providers_reviews ON providers (total_reviews DESC, id);
CREATE INDEX providers_popularity ON providers (popularity_score DESC, total_reviews DESC, id);
CREATE INDEX providers_name ON providers (lower(name), id);
CREATE INDEX providers_featured ON providers (featured) WHERE featured;

CREATE TABLE provider_chains (
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  chain_id    integer NOT NULL REFERENCES chains(id) ON DELETE CASCADE,
  PRIMARY KEY (provider_id, chain_id)
);
CREATE INDEX provider_chains_chain ON provider_chains (chain_id, provider_id);

-- Public RPC endpoints of a chain, as the dataset lists them.
CREATE TABLE chain_rpc_endpoints (
  id            serial PRIMARY KEY,
  chain_id      integer NOT NULL REFERENCES chains(id) ON DELETE CASCADE,
  url           text NOT NULL CHECK (url ~ '^(https?|wss?)://'),
  provider_id   integer REFERENCES providers(id) ON DELETE SET NULL,
  tracking      text NOT NULL DEFAULT 'unspecified' CHECK (tracking IN ('none', 'limited', 'yes', 'unspecified')),
  needs_api_key boolean NOT NULL DEFAULT false,
  source        text,
  position      integer NOT NULL DEFAULT 0,
  UNIQUE (chain_id, url)
);
CREATE INDEX chain_rpc_endpoints_chain ON chain_rpc_endpoints (chain_id, position);
CREATE INDEX chain_rpc_endpoints_provider ON chain_rpc_endpoints (provider_id);

CREATE TABLE users (
  id                serial PRIMARY KEY,
  identity_provider text NOT NULL,     -- 'google' or 'local'
  subject           text NOT NULL,     -- the ID token's sub
  email             text,
  display_name      text CHECK (length(display_name) BETWEEN 1 AND 100),
  first_name        text CHECK (length(first_name) <= 50),
  last_name         text CHECK (length(last_name) <= 50),
  profile_image_url text,
  is_admin          boolean NOT NULL DEFAULT false, -- refreshed from ADMIN_EMAILS at every sign-in
  created_at        timestamptz NOT NULL DEFAULT now(),
  updated_at        timestamptz NOT NULL DEFAULT now(),
  UNIQUE (identity_provider, subject)
);
CREATE INDEX users_email ON users (lower(email));

-- Server-side sessions: the cookie holds only the random id; the row holds the rest.
CREATE TABLE sessions (
  id         text PRIMARY KEY,
  data       jsonb NOT NULL DEFAULT '{}',
  user_id    integer REFERENCES users(id) ON DELETE CASCADE,
  expires_at timestamptz NOT NULL
);
CREATE INDEX sessions_expires ON sessions (expires_at);
CREATE INDEX sessions_user ON sessions (user_id);

-- Secrets the server generates for itself when not configured (e.g. SESSION_SECRET outside production).
CREATE TABLE app_secrets (
  name       text PRIMARY KEY,
  value      text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_reviews (
  id           serial PRIMARY KEY,
  provider_id  integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  user_id      integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  rating       smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  comment      text CHECK (length(comment) BETWEEN 1 AND 5000),
  is_anonymous boolean NOT NULL DEFAULT false,
  status       text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (user_id, provider_id)        -- one review per user and provider
);
CREATE INDEX user_reviews_provider_status ON user_reviews (provider_id, status, created_at DESC);
CREATE INDEX user_reviews_pending ON user_reviews (created_at) WHERE status = 'pending';

-- Replays of a review POST with the same Idempotency-Key get the first answer back.
CREATE TABLE idempotency_keys (
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key         text NOT NULL CHECK (length(key) BETWEEN 1 AND 200),
  status_code integer NOT NULL,
  response    jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

CREATE TABLE editorial_reviews (
  id          serial PRIMARY KEY,
  provider_id integer NOT NULL UNIQUE REFERENCES providers(id) ON DELETE CASCADE, -- one per provider
  admin_id    integer REFERENCES users(id) ON DELETE SET NULL,
  rating      smallint NOT NULL CHECK (rating BETWEEN 1 AND 5),
  content     text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);

-- One vote per user and target, changeable and removable; totals are kept on the target row.
CREATE TABLE provider_votes (
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  value       smallint NOT NULL CHECK (value IN (-1, 1)),
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, provider_id)
);
CREATE INDEX provider_votes_provider ON provider_votes (provider_id);

CREATE TABLE chain_votes (
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  chain_id   integer NOT NULL REFERENCES chains(id) ON DELETE CASCADE,
  value      smallint NOT NULL CHECK (value IN (-1, 1)),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, chain_id)
);
CREATE INDEX chain_votes_chain ON chain_votes (chain_id);

CREATE TABLE ads (
  id         serial PRIMARY KEY,
  name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  position   text NOT NULL DEFAULT 'header'
             CHECK (position IN ('header', 'sidebar', 'footer', 'content-top', 'content-bottom', 'hotlist-inline')),
  ad_code    text NOT NULL,            -- sanitised when written
  frequency  text NOT NULL DEFAULT '5' CHECK (frequency IN ('3', '5', '7', '10')),
  is_active  boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ads_position_active ON ads (position, id) WHERE is_active;

CREATE TABLE partner_links (
  id         serial PRIMARY KEY,
  name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  url        text NOT NULL CHECK (url ~ '^https?://'),
  sort_order integer NOT NULL DEFAULT 0 CHECK (sort_order >= 0), -- the admin's "order"
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE contact_submissions (
  id         serial PRIMARY KEY,
  name       text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
  email      text NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
  subject    text CHECK (length(subject) <= 300),
  message    text NOT NULL CHECK (length(message) BETWEEN 1 AND 10000),
  is_read    boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX contact_submissions_created ON contact_submissions (created_at DESC);

-- Single-row settings tables: the `only_row` key makes a second row impossible.
CREATE TABLE about_page (
  only_row         boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  title            text NOT NULL DEFAULT '',
  content          text NOT NULL DEFAULT '',
  meta_title       text CHECK (length(meta_title) <= 60),
  meta_description text CHECK (length(meta_description) <= 160),
  og_title         text CHECK (length(og_title) <= 60),
  og_description   text CHECK (length(og_description) <= 160),
  og_image         text,
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE homepage_content (
  only_row         boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  title            text NOT NULL DEFAULT '',
  meta_title       text CHECK (length(meta_title) <= 60),
  meta_description text CHECK (length(meta_description) <= 160),
  og_title         text CHECK (length(og_title) <= 60),
  og_description   text CHECK (length(og_description) <= 160),
  og_image         text,
  intro_text       text NOT NULL DEFAULT '',
  seo_text         text NOT NULL DEFAULT '',
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE category_content (
  category         text PRIMARY KEY CHECK (category IN ('providers', 'chains')),
  title            text NOT NULL DEFAULT '',
  content_html     text NOT NULL DEFAULT '',
  meta_title       text CHECK (length(meta_title) <= 60),
  meta_description text CHECK (length(meta_description) <= 160),
  og_title         text CHECK (length(og_title) <= 60),
  og_description   text CHECK (length(og_description) <= 160),
  og_image         text,
  updated_at       timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE tracking_settings (
  only_row              boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  google_analytics_id   text CHECK (google_analytics_id ~ '^G-[A-Z0-9]{4,20}$'),
  google_tag_manager_id text CHECK (google_tag_manager_id ~ '^GTM-[A-Z0-9]{4,20}$'),
  updated_at            timestamptz NOT NULL DEFAULT now()
);

-- Uploaded images live in the database so every instance serves them.
CREATE TABLE uploaded_objects (
  id           uuid PRIMARY KEY,
  folder       text NOT NULL CHECK (folder IN ('logos', 'icons', 'images')),
  content_type text NOT NULL,
  byte_size    integer NOT NULL CHECK (byte_size > 0),
  data         bytea NOT NULL,
  uploaded_by  integer REFERENCES users(id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);

-- Outbound clicks through /r/{id}, one counter per provider and day.
CREATE TABLE outbound_clicks (
  provider_id integer NOT NULL REFERENCES providers(id) ON DELETE CASCADE,
  day         date NOT NULL,
  clicks      integer NOT NULL DEFAULT 0,
  PRIMARY KEY (provider_id, day)
);

INSERT INTO about_page DEFAULT VALUES;
INSERT INTO homepage_content DEFAULT VALUES;
INSERT INTO tracking_settings DEFAULT VALUES;
INSERT INTO category_content (category) VALUES ('providers'), ('chains');
