-- Issue 42, decision 251: the tickets list's order, (created_at, ticket_number), in a narrow table of
-- its own, so a deep page (offset 50,000) skips through an index whose table registrations never
-- write. The page's keys came from an index-only scan of tickets' own (created_at DESC,
-- ticket_number DESC) index, which reads a table row for every entry on a heap page whose
-- all-visible mark a registration (an UPDATE of tickets) has cleared: 800 random registrations left
-- 10,164 of the 50,010 entries needing a heap fetch (45 ms instead of 4 ms) until autovacuum's next
-- pass. This table changes only when a ticket is created or deleted (or, never in practice, its
-- number or creation time is changed), so its visibility map stays set between those.
CREATE TABLE "ticket_order_keys" (
    "created_at" TIMESTAMPTZ(3) NOT NULL,
    "ticket_number" INTEGER NOT NULL,

    CONSTRAINT "ticket_order_keys_pkey" PRIMARY KEY ("created_at", "ticket_number")
);

INSERT INTO "ticket_order_keys" ("created_at", "ticket_number") SELECT "created_at", "ticket_number" FROM "tickets";

-- Inserts of new tickets (generate, custom ranges, imports) set the map again at the next pass.
ALTER TABLE "ticket_order_keys" SET (
  autovacuum_vacuum_scale_factor = 0.01,
  autovacuum_vacuum_threshold = 500,
  autovacuum_vacuum_insert_scale_factor = 0.01,
  autovacuum_vacuum_insert_threshold = 500
);

CREATE FUNCTION "ticket_order_keys_on_insert"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "ticket_order_keys" ("created_at", "ticket_number") SELECT "created_at", "ticket_number" FROM new_rows;
  RETURN NULL;
END $$;

CREATE FUNCTION "ticket_order_keys_on_delete"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "ticket_order_keys" k USING old_rows o
   WHERE k."created_at" = o."created_at" AND k."ticket_number" = o."ticket_number";
  RETURN NULL;
END $$;

CREATE FUNCTION "ticket_order_keys_on_update"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ticket_order_keys" SET "created_at" = NEW."created_at", "ticket_number" = NEW."ticket_number"
   WHERE "created_at" = OLD."created_at" AND "ticket_number" = OLD."ticket_number";
  RETURN NULL;
END $$;

CREATE FUNCTION "ticket_order_keys_on_truncate"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "ticket_order_keys";
  RETURN NULL;
END $$;

CREATE TRIGGER "ticket_order_keys_insert" AFTER INSERT ON "tickets"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "ticket_order_keys_on_insert"();
CREATE TRIGGER "ticket_order_keys_delete" AFTER DELETE ON "tickets"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "ticket_order_keys_on_delete"();
-- Only an UPDATE that names either column, and only when one changes: a registration never fires it.
CREATE TRIGGER "ticket_order_keys_update" AFTER UPDATE OF "created_at", "ticket_number" ON "tickets"
  FOR EACH ROW WHEN (OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."ticket_number" IS DISTINCT FROM NEW."ticket_number")
  EXECUTE FUNCTION "ticket_order_keys_on_update"();
CREATE TRIGGER "ticket_order_keys_truncate" AFTER TRUNCATE ON "tickets"
  FOR EACH STATEMENT EXECUTE FUNCTION "ticket_order_keys_on_truncate"();
