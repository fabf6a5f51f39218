-- Issue 36, decision 215: the four trigram GIN indexes take new entries through a small pending list.
-- With `fastupdate = off` (decision 081) every ticket written paid each of its trigrams as one
-- descent of the index: 5,000 bulk inserts took 2.0-3.7 s with the four indexes and 16 ms without
-- them (PostgreSQL 15, load ~3). With the pending list the same rows are appended and merged into
-- the index in sorted bulk (164-170 ms at 256 kB). The list is capped at 256 kB per index, not the
-- 4 MB default that decision 081 measured after a burst (173 ms instead of 74 ms per search): a search
-- rescans at most 32 pending pages per index (the same searches over 100,000 rows stayed at 1-2 ms).
-- The embedded database has no autovacuum: the cap alone is what merges its lists.
ALTER INDEX "tickets_buyer_name_trgm_idx" SET (fastupdate = on, gin_pending_list_limit = 256);
ALTER INDEX "tickets_email_trgm_idx" SET (fastupdate = on, gin_pending_list_limit = 256);
ALTER INDEX "tickets_phone_number_trgm_idx" SET (fastupdate = on, gin_pending_list_limit = 256);
ALTER INDEX "tickets_control_number_trgm_idx" SET (fastupdate = on, gin_pending_list_limit = 256);
