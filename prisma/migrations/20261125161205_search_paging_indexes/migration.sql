-- Issue 28, decision 081: search and paging near the floor.
-- A GIN index's pending list (fastupdate) takes new entries cheaply, then every search scans the
-- whole unsorted list until a vacuum merges it: right after a burst of registrations the name
-- search fell from 24% to 1% of the floor. Without it each registration updates the trigram
-- entries at once (a few more ms on one write) and searches stay as fast after a burst as before.
ALTER INDEX "tickets_buyer_name_trgm_idx" SET (fastupdate = off);
ALTER INDEX "tickets_email_trgm_idx" SET (fastupdate = off);
ALTER INDEX "tickets_phone_number_trgm_idx" SET (fastupdate = off);
ALTER INDEX "tickets_control_number_trgm_idx" SET (fastupdate = off);

-- The registered and unregistered lists in their order (created_at DESC, ticket_number DESC):
-- a status filter walks its own index from the top (or from a keyset cursor) instead of
-- filtering the whole listing's index, and a common-name search among registered tickets can
-- stop after the first page's matches.
CREATE INDEX "tickets_registered_created_idx" ON "tickets" ("created_at" DESC, "ticket_number" DESC) WHERE "registered_at" IS NOT NULL;
CREATE INDEX "tickets_unregistered_created_idx" ON "tickets" ("created_at" DESC, "ticket_number" DESC) WHERE "registered_at" IS NULL;
