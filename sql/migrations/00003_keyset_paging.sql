-- Keyset paging of the big lists (api/lib/paging.ts): a page of GET /api/providers?limit=N&after=…
-- is a range scan of its sort order, however deep into the list it starts.
CREATE INDEX providers_sort_rank ON providers (sort_rank, id);

-- The moderation queue's order (GET /api/admin/reviews/pending), with the id that breaks ties between
-- reviews sent in the same microsecond; it replaces the index on created_at alone.
CREATE INDEX user_reviews_pending_queue ON user_reviews (created_at, id) WHERE status = 'pending';
DROP INDEX user_reviews_pending;
