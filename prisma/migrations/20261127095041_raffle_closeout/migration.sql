-- AlterTable
ALTER TABLE "raffle_state" ADD COLUMN     "closed_at" TIMESTAMPTZ(3),
ADD COLUMN     "purged_at" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "raffle_archives" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "sha256" TEXT NOT NULL,
    "size_bytes" BIGINT NOT NULL,
    "raffle_status" TEXT NOT NULL,
    "downloaded_by_id" UUID,
    "downloaded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "raffle_archives_pkey" PRIMARY KEY ("id")
);

-- Hand-written below: close-out (issue 24, docs/decisions/130-131).

-- 1. Archives are a record: append-only, hashes checked.
ALTER TABLE "raffle_archives" ADD CONSTRAINT "raffle_archives_sha256_check" CHECK ("sha256" ~ '^[0-9a-f]{64}$' AND "size_bytes" > 0);
CREATE FUNCTION "raffle_archives_append_only"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'raffle_archives is append-only' USING ERRCODE = 'RF006';
END $$;
CREATE TRIGGER "raffle_archives_append_only" BEFORE UPDATE OR DELETE ON "raffle_archives" FOR EACH ROW EXECUTE FUNCTION "raffle_archives_append_only"();
CREATE TRIGGER "raffle_archives_no_truncate" BEFORE TRUNCATE ON "raffle_archives" FOR EACH STATEMENT EXECUTE FUNCTION "raffle_archives_append_only"();

-- 2. A closed raffle refuses every write to its records (RF007 → 409 raffle_closed). One statement-level
-- trigger per table and operation: one lookup per statement, and it fires even when no row matches.
-- It takes the state row FOR SHARE, as the ticket guards do, so a write in flight and Close (which
-- takes it FOR UPDATE) cannot pass each other unseen. The purge (raffle.purge = 'on' for its own
-- transaction) may only update tickets and payments and delete attachments.
-- Named "closed_raffle_guard" so it fires before the tables' own BEFORE statement triggers (alphabetical).
CREATE FUNCTION "closed_raffle_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF "raffle_status_shared"() <> 'closed' THEN RETURN NULL; END IF;
  IF coalesce(current_setting('raffle.purge', true), '') = 'on'
     AND ((TG_OP = 'UPDATE' AND TG_TABLE_NAME IN ('tickets', 'payments'))
          OR (TG_OP = 'DELETE' AND TG_TABLE_NAME = 'ticket_attachments')) THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'This raffle is closed' USING ERRCODE = 'RF007';
END $$;

DO $$
DECLARE t TEXT;
BEGIN
  FOREACH t IN ARRAY ARRAY['tickets', 'ticket_attachments', 'ticket_stubs', 'payments', 'statement_imports', 'statement_lines',
    'statement_profiles', 'remittances', 'remittance_adjustments', 'remittance_receipt_counter', 'stub_allocations', 'prizes',
    'draws', 'draw_pool', 'draw_positions', 'winner_events']
  LOOP
    EXECUTE format('CREATE TRIGGER "closed_raffle_guard" BEFORE INSERT OR UPDATE OR DELETE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "closed_raffle_guard"()', t);
    EXECUTE format('CREATE TRIGGER "closed_raffle_guard_truncate" BEFORE TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION "closed_raffle_guard"()', t);
  END LOOP;
END $$;

-- 3. A voided ticket keeps every field (RF001) except in the purge, which may null its buyer's contact
-- details and shorten the name to initials: the same function as *_sales_truth, plus that one exception.
CREATE OR REPLACE FUNCTION "tickets_void_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'Ticket % is void and keeps its number', OLD."control_number" USING ERRCODE = 'RF001';
  END IF;
  IF NEW."voided_at" IS NULL AND coalesce(current_setting('raffle.unvoid', true), '') <> 'on' THEN
    RAISE EXCEPTION 'Ticket % is void: only an unvoid may clear it', OLD."control_number" USING ERRCODE = 'RF001';
  END IF;
  IF coalesce(current_setting('raffle.purge', true), '') = 'on' THEN
    IF (NEW."ticket_number", NEW."control_number", NEW."payment_method", NEW."gcash_reference", NEW."payment_reference",
        NEW."status", NEW."amount", NEW."payment_id", NEW."registered_at", NEW."registered_by_id", NEW."created_by_id", NEW."creator_email")
       IS DISTINCT FROM
       (OLD."ticket_number", OLD."control_number", OLD."payment_method", OLD."gcash_reference", OLD."payment_reference",
        OLD."status", OLD."amount", OLD."payment_id", OLD."registered_at", OLD."registered_by_id", OLD."created_by_id", OLD."creator_email")
       OR NEW."phone_number" IS NOT NULL OR NEW."email" IS NOT NULL OR NEW."address" IS NOT NULL THEN
      RAISE EXCEPTION 'Ticket % is void', OLD."control_number" USING ERRCODE = 'RF001';
    END IF;
    RETURN NEW;
  END IF;
  IF (NEW."ticket_number", NEW."control_number", NEW."buyer_name", NEW."phone_number", NEW."email", NEW."address",
      NEW."payment_method", NEW."gcash_reference", NEW."payment_reference", NEW."status", NEW."amount", NEW."payment_id",
      NEW."registered_at", NEW."registered_by_id", NEW."created_by_id", NEW."creator_email")
     IS DISTINCT FROM
     (OLD."ticket_number", OLD."control_number", OLD."buyer_name", OLD."phone_number", OLD."email", OLD."address",
      OLD."payment_method", OLD."gcash_reference", OLD."payment_reference", OLD."status", OLD."amount", OLD."payment_id",
      OLD."registered_at", OLD."registered_by_id", OLD."created_by_id", OLD."creator_email") THEN
    RAISE EXCEPTION 'Ticket % is void', OLD."control_number" USING ERRCODE = 'RF001';
  END IF;
  RETURN NEW;
END $$;

-- 4. The purge happens once: purged_at, once set, never changes.
CREATE FUNCTION "raffle_state_purged_once"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."purged_at" IS NOT NULL AND NEW."purged_at" IS DISTINCT FROM OLD."purged_at" THEN
    RAISE EXCEPTION 'The personal data was purged once and for all' USING ERRCODE = 'RF005';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "raffle_state_purged_once" BEFORE UPDATE ON "raffle_state" FOR EACH ROW EXECUTE FUNCTION "raffle_state_purged_once"();
