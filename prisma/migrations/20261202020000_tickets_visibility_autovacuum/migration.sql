-- Issue 42, decision 221: deep pages of the tickets list (offset 50,000) skip through the
-- (created_at DESC, ticket_number DESC) index alone, an index-only scan, which reads no table
-- row only for heap pages the visibility map marks all-visible. Registrations clear that mark
-- page by page; by default autovacuum sets it again only after 20% of the table has changed
-- (20,000 registrations at 100,000 tickets), so a busy day's deep pages read ~50,000 table rows
-- each. Here it does so after 1% (plus 500 rows) of updates or of inserts.
ALTER TABLE "tickets" SET (
  autovacuum_vacuum_scale_factor = 0.01,
  autovacuum_vacuum_threshold = 500,
  autovacuum_vacuum_insert_scale_factor = 0.01,
  autovacuum_vacuum_insert_threshold = 500
);
