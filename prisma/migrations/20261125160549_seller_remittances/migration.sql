-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "cash_on_hand_alert" DECIMAL(12,2) NOT NULL DEFAULT 5000,
ADD COLUMN     "restrict_sales_to_allocations" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "stub_allocations" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "ticket_id" UUID NOT NULL,
    "seller_id" UUID NOT NULL,
    "batch_id" UUID NOT NULL,
    "allocated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "allocated_by_id" UUID NOT NULL,
    "returned_at" TIMESTAMPTZ(3),
    "returned_by_id" UUID,

    CONSTRAINT "stub_allocations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "remittance_receipt_counter" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "last_number" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "remittance_receipt_counter_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "remittances" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "receipt_number" INTEGER NOT NULL,
    "seller_id" UUID NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "method" TEXT NOT NULL,
    "covers_until" TIMESTAMPTZ(3) NOT NULL,
    "note" TEXT,
    "received_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "voided_at" TIMESTAMPTZ(3),
    "voided_by_id" UUID,
    "void_reason" TEXT,

    CONSTRAINT "remittances_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "remittance_adjustments" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "seller_id" UUID NOT NULL,
    "amount" DECIMAL(12,2) NOT NULL,
    "reason" TEXT NOT NULL,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "remittance_adjustments_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "stub_allocations_seller_id_returned_at_idx" ON "stub_allocations"("seller_id", "returned_at");

-- CreateIndex
CREATE INDEX "stub_allocations_ticket_id_idx" ON "stub_allocations"("ticket_id");

-- CreateIndex
CREATE UNIQUE INDEX "remittances_receipt_number_key" ON "remittances"("receipt_number");

-- CreateIndex
CREATE INDEX "remittances_seller_id_created_at_idx" ON "remittances"("seller_id", "created_at");

-- CreateIndex
CREATE INDEX "remittance_adjustments_seller_id_created_at_idx" ON "remittance_adjustments"("seller_id", "created_at");

-- AddForeignKey
ALTER TABLE "stub_allocations" ADD CONSTRAINT "stub_allocations_ticket_id_fkey" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stub_allocations" ADD CONSTRAINT "stub_allocations_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stub_allocations" ADD CONSTRAINT "stub_allocations_allocated_by_id_fkey" FOREIGN KEY ("allocated_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "stub_allocations" ADD CONSTRAINT "stub_allocations_returned_by_id_fkey" FOREIGN KEY ("returned_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_received_by_id_fkey" FOREIGN KEY ("received_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_voided_by_id_fkey" FOREIGN KEY ("voided_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "remittance_adjustments" ADD CONSTRAINT "remittance_adjustments_seller_id_fkey" FOREIGN KEY ("seller_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "remittance_adjustments" ADD CONSTRAINT "remittance_adjustments_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written below: the invariants the database holds for seller accountability
-- (docs/decisions/090-stub-allocations.md, 091-remittances-and-receipts.md).

-- A stub is held by at most one seller at a time: one open (not returned) allocation per ticket.
CREATE UNIQUE INDEX "stub_allocations_one_holder" ON "stub_allocations" ("ticket_id") WHERE "returned_at" IS NULL;
-- A return is recorded once, with who took it back.
ALTER TABLE "stub_allocations" ADD CONSTRAINT "stub_allocations_return_by" CHECK (("returned_at" IS NULL) = ("returned_by_id" IS NULL));

-- An allocation row is history: only its return may be written, once; it is never deleted except
-- with its ticket (ON DELETE CASCADE), which the trigger lets through.
CREATE FUNCTION "stub_allocations_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF EXISTS (SELECT 1 FROM "tickets" WHERE "id" = OLD."ticket_id") THEN
      RAISE EXCEPTION 'Stub allocations are never deleted' USING ERRCODE = 'RF203';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD."returned_at" IS NOT NULL
     OR (NEW."id", NEW."ticket_id", NEW."seller_id", NEW."batch_id", NEW."allocated_at", NEW."allocated_by_id")
        IS DISTINCT FROM (OLD."id", OLD."ticket_id", OLD."seller_id", OLD."batch_id", OLD."allocated_at", OLD."allocated_by_id") THEN
    RAISE EXCEPTION 'A stub allocation only records its return, once' USING ERRCODE = 'RF203';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "stub_allocations_guard_update" BEFORE UPDATE ON "stub_allocations"
  FOR EACH ROW EXECUTE FUNCTION "stub_allocations_guard"();
CREATE TRIGGER "stub_allocations_guard_delete" BEFORE DELETE ON "stub_allocations"
  FOR EACH ROW EXECUTE FUNCTION "stub_allocations_guard"();

-- Receipt numbers: 1, 2, 3 ... with no gaps. The counter row is taken with the insert (its row lock
-- serialises concurrent remittances until they commit); an insert that fails rolls its number back.
INSERT INTO "remittance_receipt_counter" ("id", "last_number") VALUES (1, 0);
ALTER TABLE "remittance_receipt_counter" ADD CONSTRAINT "remittance_receipt_counter_one_row" CHECK ("id" = 1);
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_receipt_number_positive" CHECK ("receipt_number" > 0);
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_amount_range" CHECK ("amount" > 0 AND "amount" <= 1000000);
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_method_check" CHECK ("method" IN ('cash', 'gcash', 'bank_transfer'));
ALTER TABLE "remittances" ADD CONSTRAINT "remittances_void_together"
  CHECK (("voided_at" IS NULL) = ("void_reason" IS NULL) AND ("voided_at" IS NULL) = ("voided_by_id" IS NULL));
ALTER TABLE "remittance_adjustments" ADD CONSTRAINT "remittance_adjustments_amount_range"
  CHECK ("amount" <> 0 AND abs("amount") <= 1000000);
ALTER TABLE "remittance_adjustments" ADD CONSTRAINT "remittance_adjustments_reason" CHECK (length(btrim("reason")) > 0);

CREATE FUNCTION "remittances_number"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "remittance_receipt_counter" SET "last_number" = "last_number" + 1 WHERE "id" = 1
    RETURNING "last_number" INTO NEW."receipt_number";
  RETURN NEW;
END $$;
CREATE TRIGGER "remittances_number" BEFORE INSERT ON "remittances"
  FOR EACH ROW EXECUTE FUNCTION "remittances_number"();

-- Remittances are append-only: never deleted or truncated; the only change is the one-way void.
CREATE FUNCTION "remittances_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'Remittances are never deleted: void one with a reason instead' USING ERRCODE = 'RF203';
  END IF;
  IF OLD."voided_at" IS NOT NULL
     OR (NEW."id", NEW."receipt_number", NEW."seller_id", NEW."amount", NEW."method", NEW."covers_until", NEW."note",
         NEW."received_by_id", NEW."created_at")
        IS DISTINCT FROM
        (OLD."id", OLD."receipt_number", OLD."seller_id", OLD."amount", OLD."method", OLD."covers_until", OLD."note",
         OLD."received_by_id", OLD."created_at") THEN
    RAISE EXCEPTION 'Remittance receipt % is never changed: void it with a reason and record a new one', OLD."receipt_number"
      USING ERRCODE = 'RF203';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "remittances_guard_update" BEFORE UPDATE ON "remittances"
  FOR EACH ROW EXECUTE FUNCTION "remittances_guard"();
CREATE TRIGGER "remittances_guard_delete" BEFORE DELETE ON "remittances"
  FOR EACH ROW EXECUTE FUNCTION "remittances_guard"();
CREATE TRIGGER "remittances_guard_truncate" BEFORE TRUNCATE ON "remittances"
  FOR EACH STATEMENT EXECUTE FUNCTION "remittances_guard"();

CREATE FUNCTION "remittance_adjustments_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'Adjustments are never changed or deleted: record an opposite adjustment instead' USING ERRCODE = 'RF203';
END $$;
CREATE TRIGGER "remittance_adjustments_guard" BEFORE UPDATE OR DELETE ON "remittance_adjustments"
  FOR EACH ROW EXECUTE FUNCTION "remittance_adjustments_guard"();
CREATE TRIGGER "remittance_adjustments_guard_truncate" BEFORE TRUNCATE ON "remittance_adjustments"
  FOR EACH STATEMENT EXECUTE FUNCTION "remittance_adjustments_guard"();
CREATE TRIGGER "remittance_receipt_counter_guard_truncate" BEFORE TRUNCATE ON "remittance_receipt_counter"
  FOR EACH STATEMENT EXECUTE FUNCTION "remittance_adjustments_guard"();

-- restrict_sales_to_allocations: when on, a seller (not an administrator) may sell only a stub they
-- hold. Checked where a ticket becomes registered, whichever path does it (SQLSTATE RF201, answered
-- 403 not_your_stub naming the holder).
CREATE FUNCTION "tickets_allocation_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
  holder_id UUID;
  holder TEXT;
BEGIN
  IF NOT coalesce((SELECT "restrict_sales_to_allocations" FROM "settings" WHERE "id" = 1), false) THEN RETURN NEW; END IF;
  IF NEW."registered_by_id" IS NULL OR coalesce((SELECT "is_admin" FROM "users" WHERE "id" = NEW."registered_by_id"), false) THEN
    RETURN NEW;
  END IF;
  SELECT a."seller_id", coalesce(nullif(btrim(u."display_name"), ''), u."email") INTO holder_id, holder
  FROM "stub_allocations" a JOIN "users" u ON u."id" = a."seller_id"
  WHERE a."ticket_id" = NEW."id" AND a."returned_at" IS NULL;
  IF holder_id IS NULL THEN
    RAISE EXCEPTION 'Ticket % is not allocated to you: it is not allocated to any seller', lpad(NEW."ticket_number"::text, 5, '0')
      USING ERRCODE = 'RF201';
  ELSIF holder_id <> NEW."registered_by_id" THEN
    RAISE EXCEPTION 'Ticket % is not allocated to you: it is allocated to %', lpad(NEW."ticket_number"::text, 5, '0'), holder
      USING ERRCODE = 'RF201';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "tickets_allocation_guard" BEFORE UPDATE ON "tickets"
  FOR EACH ROW WHEN (OLD."registered_at" IS NULL AND NEW."registered_at" IS NOT NULL)
  EXECUTE FUNCTION "tickets_allocation_guard"();
