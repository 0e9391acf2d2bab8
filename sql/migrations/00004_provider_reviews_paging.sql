-- A provider's approved reviews, newest first, a page at a time (GET /api/providers/{slug}/reviews?limit&after;
-- the provider page embeds the first page): the sort key (created_at DESC, id DESC) in full, so a page that
-- starts after a cursor is one index range scan, ties in created_at included. Replaces the index without the id.
CREATE INDEX user_reviews_provider_status_page ON user_reviews (provider_id, status, created_at DESC, id DESC);
DROP INDEX user_reviews_provider_status;
