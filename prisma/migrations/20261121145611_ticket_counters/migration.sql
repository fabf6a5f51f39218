-- DropIndex
DROP INDEX "tickets_created_at_idx";

-- CreateTable
CREATE TABLE "ticket_counters" (
    "slot" INTEGER NOT NULL,
    "total" BIGINT NOT NULL DEFAULT 0,
    "registered" BIGINT NOT NULL DEFAULT 0,
    "revenue" DECIMAL(14,2) NOT NULL DEFAULT 0,

    CONSTRAINT "ticket_counters_pkey" PRIMARY KEY ("slot")
);

-- CreateIndex
CREATE INDEX "tickets_created_at_ticket_number_idx" ON "tickets"("created_at" DESC, "ticket_number" DESC);


-- Hand-written below: the triggers that keep ticket_counters equal to the tickets table.
-- Statement-level with transition tables, so a 10,000-row insert updates one counter row once.
-- The slot is the transaction id mod 16: concurrent writers mostly touch different rows, and one
-- transaction always uses one slot (no lock-order deadlocks between slots).
INSERT INTO "ticket_counters" ("slot") SELECT s FROM generate_series(0, 15) AS s;
UPDATE "ticket_counters" SET
  "total" = (SELECT count(*) FROM "tickets"),
  "registered" = (SELECT count("registered_at") FROM "tickets"),
  "revenue" = (SELECT coalesce(sum("amount") FILTER (WHERE "registered_at" IS NOT NULL), 0) FROM "tickets")
WHERE "slot" = 0;

CREATE FUNCTION "ticket_counters_add"(d_total BIGINT, d_registered BIGINT, d_revenue NUMERIC) RETURNS VOID
  LANGUAGE sql
  AS $$ UPDATE "ticket_counters" SET "total" = "total" + d_total, "registered" = "registered" + d_registered,
          "revenue" = "revenue" + d_revenue
        WHERE "slot" = (pg_current_xact_id()::text::bigint % 16)::int $$;

CREATE FUNCTION "tickets_counters_on_insert"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE t BIGINT; r BIGINT; v NUMERIC;
BEGIN
  SELECT count(*), count("registered_at"), coalesce(sum("amount") FILTER (WHERE "registered_at" IS NOT NULL), 0)
    INTO t, r, v FROM new_rows;
  IF t <> 0 THEN PERFORM "ticket_counters_add"(t, r, v); END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "tickets_counters_on_delete"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE t BIGINT; r BIGINT; v NUMERIC;
BEGIN
  SELECT count(*), count("registered_at"), coalesce(sum("amount") FILTER (WHERE "registered_at" IS NOT NULL), 0)
    INTO t, r, v FROM old_rows;
  IF t <> 0 THEN PERFORM "ticket_counters_add"(-t, -r, -v); END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "tickets_counters_on_update"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE r BIGINT; v NUMERIC;
BEGIN
  SELECT (SELECT count("registered_at") FROM new_rows) - (SELECT count("registered_at") FROM old_rows),
         (SELECT coalesce(sum("amount") FILTER (WHERE "registered_at" IS NOT NULL), 0) FROM new_rows)
           - (SELECT coalesce(sum("amount") FILTER (WHERE "registered_at" IS NOT NULL), 0) FROM old_rows)
    INTO r, v;
  IF r <> 0 OR v <> 0 THEN PERFORM "ticket_counters_add"(0, r, v); END IF;
  RETURN NULL;
END $$;

CREATE FUNCTION "tickets_counters_on_truncate"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ticket_counters" SET "total" = 0, "registered" = 0, "revenue" = 0;
  RETURN NULL;
END $$;

CREATE TRIGGER "tickets_counters_insert" AFTER INSERT ON "tickets"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tickets_counters_on_insert"();
CREATE TRIGGER "tickets_counters_delete" AFTER DELETE ON "tickets"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "tickets_counters_on_delete"();
CREATE TRIGGER "tickets_counters_update" AFTER UPDATE ON "tickets"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tickets_counters_on_update"();
CREATE TRIGGER "tickets_counters_truncate" AFTER TRUNCATE ON "tickets"
  FOR EACH STATEMENT EXECUTE FUNCTION "tickets_counters_on_truncate"();
