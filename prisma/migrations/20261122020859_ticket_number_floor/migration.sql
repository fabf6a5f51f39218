-- CreateTable
CREATE TABLE "ticket_number_floor" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "floor_number" INTEGER NOT NULL DEFAULT 1,
    "version" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "ticket_number_floor_pkey" PRIMARY KEY ("id")
);


-- Hand-written below: the floor's row, the triggers that keep it a true lower bound, and the
-- functions that walk the ticket_number index upward from it and stop as soon as they have
-- what they need (instead of scanning every ticket on each allocation).
ALTER TABLE "ticket_number_floor" ADD CONSTRAINT "ticket_number_floor_single_row" CHECK ("id" = 1);
INSERT INTO "ticket_number_floor" ("id", "floor_number") VALUES (1, 1) ON CONFLICT DO NOTHING;

-- Every delete bumps the version, even when the floor is already lower: an allocator that read
-- the floor before this delete committed saw the number as taken, so it must not raise the floor
-- past it (its conditional UPDATE checks the version). Deletes are rare; they queue on this row.
CREATE FUNCTION "tickets_floor_on_delete"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ticket_number_floor" f SET "floor_number" = least(f."floor_number", d.m), "version" = f."version" + 1
    FROM (SELECT min("ticket_number") AS m FROM old_rows) d
   WHERE f."id" = 1 AND d.m IS NOT NULL;
  RETURN NULL;
END $$;

CREATE FUNCTION "tickets_floor_on_renumber"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ticket_number_floor" SET "floor_number" = least("floor_number", OLD."ticket_number"), "version" = "version" + 1
   WHERE "id" = 1;
  RETURN NULL;
END $$;

CREATE FUNCTION "tickets_floor_on_truncate"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "ticket_number_floor" SET "floor_number" = 1, "version" = "version" + 1;
  RETURN NULL;
END $$;

CREATE TRIGGER "tickets_floor_delete" AFTER DELETE ON "tickets"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "tickets_floor_on_delete"();
CREATE TRIGGER "tickets_floor_renumber" AFTER UPDATE OF "ticket_number" ON "tickets"
  FOR EACH ROW WHEN (OLD."ticket_number" IS DISTINCT FROM NEW."ticket_number")
  EXECUTE FUNCTION "tickets_floor_on_renumber"();
CREATE TRIGGER "tickets_floor_truncate" AFTER TRUNCATE ON "tickets"
  FOR EACH STATEMENT EXECUTE FUNCTION "tickets_floor_on_truncate"();

-- The `want` lowest free numbers in start_at..upto, ascending (fewer if not enough are free).
CREATE FUNCTION "ticket_free_numbers"(start_at INT, upto INT, want INT) RETURNS SETOF INT
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  candidate INT := greatest(start_at, 1);
  taken INT;
  remaining INT := want;
BEGIN
  FOR taken IN SELECT "ticket_number" FROM "tickets"
                WHERE "ticket_number" >= candidate AND "ticket_number" <= upto ORDER BY "ticket_number" LOOP
    WHILE candidate < taken AND remaining > 0 LOOP
      RETURN NEXT candidate;
      candidate := candidate + 1;
      remaining := remaining - 1;
    END LOOP;
    EXIT WHEN remaining = 0;
    candidate := taken + 1;
  END LOOP;
  WHILE candidate <= upto AND remaining > 0 LOOP
    RETURN NEXT candidate;
    candidate := candidate + 1;
    remaining := remaining - 1;
  END LOOP;
END $$;

-- The first number of the lowest run of `size` consecutive free numbers in start_at..upto, or NULL.
CREATE FUNCTION "ticket_first_free_run"(start_at INT, upto INT, size INT) RETURNS INT
  LANGUAGE plpgsql STABLE AS $$
DECLARE
  candidate INT := greatest(start_at, 1);
  taken INT;
BEGIN
  FOR taken IN SELECT "ticket_number" FROM "tickets"
                WHERE "ticket_number" >= candidate AND "ticket_number" <= upto ORDER BY "ticket_number" LOOP
    IF taken - candidate >= size THEN RETURN candidate; END IF;
    candidate := taken + 1;
  END LOOP;
  IF upto - candidate + 1 >= size THEN RETURN candidate; END IF;
  RETURN NULL;
END $$;
