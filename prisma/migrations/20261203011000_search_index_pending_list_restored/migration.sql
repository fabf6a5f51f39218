-- Issue 42, decision 252: `npm run db:seed` dropped the four trigram indexes before its bulk insert and
-- created them again without their storage options, so a seeded database lost decision 215's
-- 256 kB pending-list cap and took PostgreSQL's default (4 MB). With autovacuum off or behind, each
-- registration then appended to an ever longer unsorted list that every search rescans: a name
-- search went from ~10 to ~50 ms of database time over three bench rounds of registrations. The seed
-- now rebuilds the indexes from their own definitions; this sets the options again on databases
-- seeded before (a no-op elsewhere) and merges whatever their lists hold.
ALTER INDEX "tickets_buyer_name_trgm_idx" SET (fastupdate = on, gin_pending_list_limit = 256);
ALTER INDEX "tickets_email_trgm_idx" SET (fastupdate = on, gin_pending_list_limit = 256);
ALTER INDEX "tickets_phone_number_trgm_idx" SET (fastupdate = on, gin_pending_list_limit = 256);
ALTER INDEX "tickets_control_number_trgm_idx" SET (fastupdate = on, gin_pending_list_limit = 256);
SELECT gin_clean_pending_list(c.oid) FROM pg_class c
 WHERE c.relname IN ('tickets_buyer_name_trgm_idx', 'tickets_email_trgm_idx', 'tickets_phone_number_trgm_idx', 'tickets_control_number_trgm_idx');
