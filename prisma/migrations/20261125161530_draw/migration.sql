-- CreateTable
CREATE TABLE "raffle_state" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "status" TEXT NOT NULL DEFAULT 'selling',
    "close_overrides" JSONB,
    "sales_closed_at" TIMESTAMPTZ(3),
    "published_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "raffle_state_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "prizes" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "rank" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "value_php" DECIMAL(12,2) NOT NULL,
    "backups" INTEGER NOT NULL DEFAULT 3,
    "claim_days" INTEGER NOT NULL DEFAULT 60,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "prizes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "draws" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "number" INTEGER NOT NULL,
    "mode" TEXT NOT NULL,
    "source" JSONB NOT NULL,
    "prizes" JSONB NOT NULL,
    "positions" INTEGER NOT NULL,
    "pool_count" INTEGER NOT NULL,
    "pool_hash" TEXT NOT NULL,
    "commit_hash" TEXT NOT NULL,
    "sealed_seed" BYTEA NOT NULL,
    "server_seed" TEXT,
    "outside_value" TEXT,
    "seed" TEXT,
    "witnesses" JSONB,
    "audit_checkpoint" JSONB,
    "committed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "committed_by_id" UUID,
    "revealed_at" TIMESTAMPTZ(3),
    "revealed_by_id" UUID,
    "published_at" TIMESTAMPTZ(3),

    CONSTRAINT "draws_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "draw_pool" (
    "draw_id" UUID NOT NULL,
    "idx" INTEGER NOT NULL,
    "ticket_id" UUID NOT NULL,
    "control_number" TEXT NOT NULL,

    CONSTRAINT "draw_pool_pkey" PRIMARY KEY ("draw_id","idx")
);

-- CreateTable
CREATE TABLE "draw_positions" (
    "draw_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "ticket_id" UUID NOT NULL,
    "control_number" TEXT NOT NULL,
    "prize_rank" INTEGER NOT NULL,
    "role" TEXT NOT NULL,

    CONSTRAINT "draw_positions_pkey" PRIMARY KEY ("draw_id","position")
);

-- CreateTable
CREATE TABLE "winner_events" (
    "id" BIGSERIAL NOT NULL,
    "draw_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "event" TEXT NOT NULL,
    "reason" TEXT,
    "note" TEXT,
    "actor_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "winner_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "prizes_rank_key" ON "prizes"("rank");

-- CreateIndex
CREATE UNIQUE INDEX "draws_number_key" ON "draws"("number");

-- CreateIndex
CREATE INDEX "draw_pool_ticket_id_idx" ON "draw_pool"("ticket_id");

-- CreateIndex
CREATE INDEX "draw_positions_ticket_id_idx" ON "draw_positions"("ticket_id");

-- CreateIndex
CREATE UNIQUE INDEX "draw_positions_draw_id_ticket_id_key" ON "draw_positions"("draw_id", "ticket_id");

-- CreateIndex
CREATE INDEX "winner_events_draw_id_position_id_idx" ON "winner_events"("draw_id", "position", "id");

-- AddForeignKey
ALTER TABLE "draw_positions" ADD CONSTRAINT "draw_positions_draw_id_fkey" FOREIGN KEY ("draw_id") REFERENCES "draws"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "winner_events" ADD CONSTRAINT "winner_events_draw_id_fkey" FOREIGN KEY ("draw_id") REFERENCES "draws"("id") ON DELETE RESTRICT ON UPDATE CASCADE;


-- Hand-written below: the raffle's one-way state, the prize table's freeze, the draw's records
-- (append-only) and the ticket guards once sales close or a draw is committed
-- (docs/decisions/105-raffle-state.md, 106-draw-algorithm.md, 107-winners.md).

-- 1. One state, one row, moving one way.
ALTER TABLE "raffle_state" ADD CONSTRAINT "raffle_state_single_row" CHECK ("id" = 1);
ALTER TABLE "raffle_state" ADD CONSTRAINT "raffle_state_status_check"
  CHECK ("status" IN ('selling', 'sales_closed', 'committed', 'drawn', 'published', 'closed'));
INSERT INTO "raffle_state" ("id") VALUES (1) ON CONFLICT DO NOTHING;

-- The transitions allowed: forward one step, drawn → committed for a new draw after an exhausted run,
-- and closed → published only inside a reopen (which sets raffle.reopen for its own transaction).
CREATE FUNCTION "raffle_state_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'The raffle''s state cannot be removed' USING ERRCODE = 'RF005';
  END IF;
  IF NEW."status" = OLD."status" THEN RETURN NEW; END IF;
  IF (OLD."status", NEW."status") IN (('selling', 'sales_closed'), ('sales_closed', 'committed'), ('committed', 'drawn'),
      ('drawn', 'published'), ('drawn', 'committed'), ('published', 'closed'))
     OR (OLD."status" = 'closed' AND NEW."status" = 'published' AND coalesce(current_setting('raffle.reopen', true), '') = 'on') THEN
    NEW."updated_at" := now();
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'The raffle cannot go from % to %', OLD."status", NEW."status" USING ERRCODE = 'RF005';
END $$;
CREATE TRIGGER "raffle_state_one_way" BEFORE UPDATE OR DELETE ON "raffle_state"
  FOR EACH ROW EXECUTE FUNCTION "raffle_state_guard"();
CREATE TRIGGER "raffle_state_no_truncate" BEFORE TRUNCATE ON "raffle_state"
  FOR EACH STATEMENT EXECUTE FUNCTION "raffle_state_guard"();

CREATE FUNCTION "raffle_status"() RETURNS TEXT LANGUAGE sql STABLE
  AS $$ SELECT coalesce((SELECT "status" FROM "raffle_state" WHERE "id" = 1), 'selling') $$;

-- 2. Prizes: ranks from 1, a name, a value, 0-20 backups, 1-3650 days to claim; fixed once a draw is committed.
ALTER TABLE "prizes" ADD CONSTRAINT "prizes_rank_check" CHECK ("rank" BETWEEN 1 AND 1000);
ALTER TABLE "prizes" ADD CONSTRAINT "prizes_name_check" CHECK (length(btrim("name")) BETWEEN 1 AND 200);
ALTER TABLE "prizes" ADD CONSTRAINT "prizes_value_check" CHECK ("value_php" >= 0);
ALTER TABLE "prizes" ADD CONSTRAINT "prizes_backups_check" CHECK ("backups" BETWEEN 0 AND 20);
ALTER TABLE "prizes" ADD CONSTRAINT "prizes_claim_days_check" CHECK ("claim_days" BETWEEN 1 AND 3650);

CREATE FUNCTION "prizes_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF "raffle_status"() NOT IN ('selling', 'sales_closed') THEN
    RAISE EXCEPTION 'The prizes are fixed: a draw has been committed' USING ERRCODE = 'RF004';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "prizes_frozen" BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON "prizes"
  FOR EACH STATEMENT EXECUTE FUNCTION "prizes_guard"();

-- 3. Draws. At most one open (committed, not revealed); the commitment never changes; the reveal
-- and the publication are written once.
ALTER TABLE "draws" ADD CONSTRAINT "draws_mode_check" CHECK ("mode" IN ('rng', 'drum'));
ALTER TABLE "draws" ADD CONSTRAINT "draws_hashes_check"
  CHECK ("pool_hash" ~ '^[0-9a-f]{64}$' AND "commit_hash" ~ '^[0-9a-f]{64}$');
ALTER TABLE "draws" ADD CONSTRAINT "draws_reveal_check"
  CHECK (("revealed_at" IS NULL) = ("server_seed" IS NULL) AND ("published_at" IS NULL OR "revealed_at" IS NOT NULL));
ALTER TABLE "draws" ADD CONSTRAINT "draws_counts_check" CHECK ("pool_count" >= 0 AND "positions" >= 0 AND "positions" <= "pool_count");
CREATE UNIQUE INDEX "draws_one_open" ON "draws" ((true)) WHERE "revealed_at" IS NULL;

CREATE FUNCTION "draws_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'UPDATE' THEN
    RAISE EXCEPTION 'A draw is kept forever' USING ERRCODE = 'RF006';
  END IF;
  IF (NEW."id", NEW."number", NEW."mode", NEW."source", NEW."prizes", NEW."positions", NEW."pool_count", NEW."pool_hash",
      NEW."commit_hash", NEW."sealed_seed", NEW."committed_at", NEW."committed_by_id")
     IS DISTINCT FROM (OLD."id", OLD."number", OLD."mode", OLD."source", OLD."prizes", OLD."positions", OLD."pool_count",
      OLD."pool_hash", OLD."commit_hash", OLD."sealed_seed", OLD."committed_at", OLD."committed_by_id") THEN
    RAISE EXCEPTION 'A draw''s commitment never changes' USING ERRCODE = 'RF006';
  END IF;
  IF OLD."revealed_at" IS NOT NULL AND (NEW."revealed_at", NEW."revealed_by_id", NEW."server_seed", NEW."outside_value",
      NEW."seed", NEW."witnesses", NEW."audit_checkpoint") IS DISTINCT FROM (OLD."revealed_at", OLD."revealed_by_id",
      OLD."server_seed", OLD."outside_value", OLD."seed", OLD."witnesses", OLD."audit_checkpoint") THEN
    RAISE EXCEPTION 'A draw is revealed once' USING ERRCODE = 'RF006';
  END IF;
  IF OLD."published_at" IS NOT NULL AND NEW."published_at" IS DISTINCT FROM OLD."published_at" THEN
    RAISE EXCEPTION 'A draw is published once' USING ERRCODE = 'RF006';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "draws_kept" BEFORE UPDATE OR DELETE ON "draws" FOR EACH ROW EXECUTE FUNCTION "draws_guard"();
CREATE TRIGGER "draws_no_truncate" BEFORE TRUNCATE ON "draws" FOR EACH STATEMENT EXECUTE FUNCTION "draws_guard"();

-- 4. The pool snapshot, the sequence and the winners' history are append-only.
CREATE FUNCTION "draw_records_append_only"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'RF006';
END $$;
CREATE TRIGGER "draw_pool_append_only" BEFORE UPDATE OR DELETE ON "draw_pool" FOR EACH ROW EXECUTE FUNCTION "draw_records_append_only"();
CREATE TRIGGER "draw_pool_no_truncate" BEFORE TRUNCATE ON "draw_pool" FOR EACH STATEMENT EXECUTE FUNCTION "draw_records_append_only"();
CREATE TRIGGER "draw_positions_append_only" BEFORE UPDATE OR DELETE ON "draw_positions" FOR EACH ROW EXECUTE FUNCTION "draw_records_append_only"();
CREATE TRIGGER "draw_positions_no_truncate" BEFORE TRUNCATE ON "draw_positions" FOR EACH STATEMENT EXECUTE FUNCTION "draw_records_append_only"();
CREATE TRIGGER "winner_events_append_only" BEFORE UPDATE OR DELETE ON "winner_events" FOR EACH ROW EXECUTE FUNCTION "draw_records_append_only"();
CREATE TRIGGER "winner_events_no_truncate" BEFORE TRUNCATE ON "winner_events" FOR EACH STATEMENT EXECUTE FUNCTION "draw_records_append_only"();

ALTER TABLE "draw_positions" ADD CONSTRAINT "draw_positions_role_check" CHECK ("role" IN ('winner', 'backup') AND "position" >= 1);
ALTER TABLE "winner_events" ADD CONSTRAINT "winner_events_event_check"
  CHECK ("event" IN ('drawn', 'notified', 'claimed', 'disqualified', 'forfeited', 'reinstated'));
ALTER TABLE "winner_events" ADD CONSTRAINT "winner_events_reason_check" CHECK (
  ("event" <> 'disqualified' OR "reason" IN ('ineligible_buyer', 'duplicate_entry', 'unreachable', 'other'))
  AND ("event" <> 'reinstated' OR length(btrim(coalesce("reason", ''))) >= 3));
ALTER TABLE "winner_events" ADD CONSTRAINT "winner_events_position_fkey"
  FOREIGN KEY ("draw_id", "position") REFERENCES "draw_positions" ("draw_id", "position") ON DELETE RESTRICT;
-- No foreign key from the pool or the sequence to tickets: the delete guard below refuses removing a
-- pool ticket with its own message, and the snapshot keeps the control number either way.

-- 5. Tickets. Once sales close nothing is registered (RF002); once a draw is committed no ticket is
-- generated and a ticket of any draw's pool keeps its number, its sale and its void (RF003): an
-- ineligible winner is disqualified, not voided.
-- Each guard first takes the state row FOR SHARE: a transition (Close sales, Commit) takes it FOR
-- UPDATE, so a registration or void in flight and a commit never pass each other unseen.
CREATE FUNCTION "raffle_status_shared"() RETURNS TEXT LANGUAGE plpgsql AS $$
DECLARE s TEXT;
BEGIN
  SELECT "status" INTO s FROM "raffle_state" WHERE "id" = 1 FOR SHARE;
  RETURN coalesce(s, 'selling');
END $$;

CREATE FUNCTION "tickets_raffle_insert_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE s TEXT := "raffle_status_shared"();
BEGIN
  IF s = 'selling' THEN RETURN NULL; END IF;
  IF s NOT IN ('sales_closed') AND EXISTS (SELECT 1 FROM new_rows) THEN
    RAISE EXCEPTION 'The draw is committed: no tickets can be generated' USING ERRCODE = 'RF003';
  END IF;
  IF EXISTS (SELECT 1 FROM new_rows WHERE "registered_at" IS NOT NULL) THEN
    RAISE EXCEPTION 'Sales are closed: no ticket can be registered' USING ERRCODE = 'RF002';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "tickets_raffle_insert_guard" AFTER INSERT ON "tickets"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "tickets_raffle_insert_guard"();

CREATE FUNCTION "tickets_raffle_update_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE s TEXT := "raffle_status_shared"();
BEGIN
  IF OLD."registered_at" IS NULL AND NEW."registered_at" IS NOT NULL AND s <> 'selling' THEN
    RAISE EXCEPTION 'Sales are closed: ticket % cannot be registered', OLD."control_number" USING ERRCODE = 'RF002';
  END IF;
  IF (NEW."ticket_number", NEW."control_number", NEW."voided_at", NEW."registered_at", NEW."payment_id")
       IS DISTINCT FROM (OLD."ticket_number", OLD."control_number", OLD."voided_at", OLD."registered_at", OLD."payment_id")
     AND EXISTS (SELECT 1 FROM "draw_pool" WHERE "ticket_id" = OLD."id") THEN
    RAISE EXCEPTION 'Ticket % is in a committed draw''s pool', OLD."control_number" USING ERRCODE = 'RF003';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "tickets_raffle_update_guard" BEFORE UPDATE ON "tickets" FOR EACH ROW
  WHEN ((NEW."ticket_number", NEW."control_number", NEW."voided_at", NEW."registered_at", NEW."payment_id")
        IS DISTINCT FROM (OLD."ticket_number", OLD."control_number", OLD."voided_at", OLD."registered_at", OLD."payment_id"))
  EXECUTE FUNCTION "tickets_raffle_update_guard"();
-- Deletes: a statement-level check, so a bulk delete costs one lookup per statement, not per row.
CREATE FUNCTION "tickets_raffle_delete_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE cn TEXT;
BEGIN
  PERFORM "raffle_status_shared"();
  SELECT o."control_number" INTO cn FROM old_rows o WHERE EXISTS (SELECT 1 FROM "draw_pool" p WHERE p."ticket_id" = o."id") LIMIT 1;
  IF cn IS NOT NULL THEN
    RAISE EXCEPTION 'Ticket % is in a committed draw''s pool', cn USING ERRCODE = 'RF003';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "tickets_raffle_delete_guard" AFTER DELETE ON "tickets"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "tickets_raffle_delete_guard"();
