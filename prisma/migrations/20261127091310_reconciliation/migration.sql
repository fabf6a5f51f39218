-- CreateTable
CREATE TABLE "statement_imports" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "kind" TEXT NOT NULL,
    "account_label" TEXT NOT NULL,
    "file_name" TEXT NOT NULL,
    "file_sha256" TEXT NOT NULL,
    "period_from" DATE,
    "period_to" DATE,
    "lines_read" INTEGER NOT NULL,
    "lines_new" INTEGER NOT NULL,
    "lines_skipped" INTEGER NOT NULL,
    "uploaded_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "discarded_at" TIMESTAMPTZ(3),
    "discarded_by_id" UUID,
    "discard_reason" TEXT,

    CONSTRAINT "statement_imports_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "statement_lines" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "import_id" UUID NOT NULL,
    "account_label" TEXT NOT NULL,
    "line_no" INTEGER NOT NULL,
    "occurred_at" TIMESTAMPTZ(3) NOT NULL,
    "description" TEXT NOT NULL,
    "reference" TEXT,
    "reference_normalized" TEXT,
    "amount" DECIMAL(12,2) NOT NULL,
    "balance" DECIMAL(14,2),
    "occurrence" INTEGER NOT NULL DEFAULT 1,
    "checksum" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "match_kind" TEXT,
    "payment_id" UUID,
    "note" TEXT,
    "decided_by_id" UUID,
    "decided_at" TIMESTAMPTZ(3),

    CONSTRAINT "statement_lines_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "statement_profiles" (
    "name" TEXT NOT NULL,
    "mapping" JSONB NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "statement_profiles_pkey" PRIMARY KEY ("name")
);

-- CreateIndex
CREATE UNIQUE INDEX "statement_imports_file_sha256_key" ON "statement_imports"("file_sha256");

-- CreateIndex
CREATE INDEX "statement_imports_kind_period_from_period_to_idx" ON "statement_imports"("kind", "period_from", "period_to");

-- CreateIndex
CREATE INDEX "statement_lines_reference_normalized_idx" ON "statement_lines"("reference_normalized");

-- CreateIndex
CREATE INDEX "statement_lines_payment_id_idx" ON "statement_lines"("payment_id");

-- CreateIndex
CREATE INDEX "statement_lines_state_occurred_at_idx" ON "statement_lines"("state", "occurred_at");

-- CreateIndex
CREATE INDEX "statement_lines_import_id_line_no_idx" ON "statement_lines"("import_id", "line_no");

-- CreateIndex
CREATE UNIQUE INDEX "statement_lines_account_label_checksum_key" ON "statement_lines"("account_label", "checksum");

-- AddForeignKey
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_import_id_fkey" FOREIGN KEY ("import_id") REFERENCES "statement_imports"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- ---- Hand-written: the reconciliation's invariants (docs/decisions/110-reconciliation-data.md) ----

ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_kind_check" CHECK ("kind" IN ('gcash_pdf', 'bank_csv'));
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_counts_check"
  CHECK ("lines_new" >= 0 AND "lines_skipped" >= 0 AND "lines_read" = "lines_new" + "lines_skipped");
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_sha256_check" CHECK ("file_sha256" ~ '^[0-9a-f]{64}$');
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_account_check" CHECK (length(btrim("account_label")) > 0);
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_period_check" CHECK ("period_from" IS NULL OR "period_to" IS NULL OR "period_from" <= "period_to");
ALTER TABLE "statement_imports" ADD CONSTRAINT "statement_imports_discard_check"
  CHECK (("discarded_at" IS NULL) = ("discard_reason" IS NULL) AND ("discard_reason" IS NULL OR length(btrim("discard_reason")) > 0));

ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_state_check"
  CHECK ("state" IN ('matched', 'amount_mismatch', 'duplicate', 'unmatched', 'ignored', 'discarded'));
-- Only credits are imported, and never one of ₱0 or less (pretix#5168).
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_amount_check" CHECK ("amount" > 0);
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_occurrence_check" CHECK ("occurrence" >= 1);
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_match_kind_check"
  CHECK (("state" = 'matched') = ("match_kind" IS NOT NULL) OR ("state" = 'discarded'));
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_match_kind_values_check"
  CHECK ("match_kind" IS NULL OR "match_kind" IN ('auto', 'confirmed', 'accepted'));
-- A matched, mismatched or duplicate line names its payment; an unmatched or ignored one names none.
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_payment_check"
  CHECK (CASE "state" WHEN 'matched' THEN "payment_id" IS NOT NULL
                      WHEN 'amount_mismatch' THEN "payment_id" IS NOT NULL
                      WHEN 'duplicate' THEN "payment_id" IS NOT NULL
                      WHEN 'unmatched' THEN "payment_id" IS NULL
                      WHEN 'ignored' THEN "payment_id" IS NULL
                      ELSE TRUE END);
-- Ignoring needs a reason; accepting a mismatch needs a comment (ers#522).
ALTER TABLE "statement_lines" ADD CONSTRAINT "statement_lines_note_check"
  CHECK ((("state" <> 'ignored' AND "match_kind" IS DISTINCT FROM 'accepted') OR length(btrim(coalesce("note", ''))) > 0));

-- Statement imports are never deleted; the only change is the one-way discard, which marks every
-- line of the import discarded in the same statement (so in the same transaction).
CREATE FUNCTION "statement_imports_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'Statement imports are never deleted: discard one with a reason instead' USING ERRCODE = 'RF210';
  END IF;
  IF OLD."discarded_at" IS NOT NULL
     OR (NEW."id", NEW."kind", NEW."account_label", NEW."file_name", NEW."file_sha256", NEW."period_from", NEW."period_to",
         NEW."lines_read", NEW."lines_new", NEW."lines_skipped", NEW."uploaded_by_id", NEW."created_at")
        IS DISTINCT FROM
        (OLD."id", OLD."kind", OLD."account_label", OLD."file_name", OLD."file_sha256", OLD."period_from", OLD."period_to",
         OLD."lines_read", OLD."lines_new", OLD."lines_skipped", OLD."uploaded_by_id", OLD."created_at") THEN
    RAISE EXCEPTION 'Statement import % is never changed, only discarded once', OLD."id" USING ERRCODE = 'RF211';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "statement_imports_guard" BEFORE UPDATE OR DELETE ON "statement_imports" FOR EACH ROW EXECUTE FUNCTION "statement_imports_guard"();
CREATE TRIGGER "statement_imports_no_truncate" BEFORE TRUNCATE ON "statement_imports" FOR EACH STATEMENT EXECUTE FUNCTION "statement_imports_guard"();

CREATE FUNCTION "statement_imports_discard_lines"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "statement_lines" SET "state" = 'discarded', "match_kind" = NULL
   WHERE "import_id" = NEW."id" AND "state" <> 'discarded';
  RETURN NULL;
END $$;
CREATE TRIGGER "statement_imports_discard_lines" AFTER UPDATE OF "discarded_at" ON "statement_imports" FOR EACH ROW
  WHEN (OLD."discarded_at" IS NULL AND NEW."discarded_at" IS NOT NULL) EXECUTE FUNCTION "statement_imports_discard_lines"();

-- Statement lines are never deleted; what a line says (its account, time, reference, amount,
-- description, checksum) never changes; a discarded line stays discarded, and only lines of a
-- discarded import are discarded.
CREATE FUNCTION "statement_lines_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'Statement lines are never deleted: discard their import instead' USING ERRCODE = 'RF212';
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF (NEW."id", NEW."import_id", NEW."account_label", NEW."line_no", NEW."occurred_at", NEW."description", NEW."reference",
        NEW."reference_normalized", NEW."amount", NEW."balance", NEW."occurrence", NEW."checksum")
       IS DISTINCT FROM
       (OLD."id", OLD."import_id", OLD."account_label", OLD."line_no", OLD."occurred_at", OLD."description", OLD."reference",
        OLD."reference_normalized", OLD."amount", OLD."balance", OLD."occurrence", OLD."checksum") THEN
      RAISE EXCEPTION 'What statement line % says is never changed', OLD."id" USING ERRCODE = 'RF213';
    END IF;
    IF OLD."state" = 'discarded' AND (NEW."state", NEW."payment_id", NEW."note") IS DISTINCT FROM (OLD."state", OLD."payment_id", OLD."note") THEN
      RAISE EXCEPTION 'Statement line % was discarded with its import and is never changed', OLD."id" USING ERRCODE = 'RF214';
    END IF;
  END IF;
  IF NEW."state" = 'discarded' AND NOT EXISTS (SELECT 1 FROM "statement_imports" i WHERE i."id" = NEW."import_id" AND i."discarded_at" IS NOT NULL) THEN
    RAISE EXCEPTION 'Only the lines of a discarded import are discarded' USING ERRCODE = 'RF215';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "statement_lines_guard" BEFORE INSERT OR UPDATE OR DELETE ON "statement_lines" FOR EACH ROW EXECUTE FUNCTION "statement_lines_guard"();
CREATE TRIGGER "statement_lines_no_truncate" BEFORE TRUNCATE ON "statement_lines" FOR EACH STATEMENT EXECUTE FUNCTION "statement_lines_guard"();

-- A payment's status follows its matched lines, in one place: verified exactly when the amounts of
-- the lines matched to it reach its amount_expected (partial payments add up; an accepted overpayment
-- verifies), claimed otherwise; rejected is left alone. Computed on every write of a payment (so a
-- payment whose amount grows goes back to claimed, and no code can write 'verified' by hand) and
-- re-run for the payments a line write touches.
CREATE FUNCTION "payment_status_from_lines"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
  covered numeric;
BEGIN
  IF NEW."status" = 'rejected' THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'INSERT' THEN
    NEW."status" := 'claimed';
    RETURN NEW;
  END IF;
  SELECT coalesce(sum(l."amount"), 0) INTO covered FROM "statement_lines" l WHERE l."payment_id" = NEW."id" AND l."state" = 'matched';
  NEW."status" := CASE WHEN covered > 0 AND covered >= NEW."amount_expected" THEN 'verified' ELSE 'claimed' END;
  RETURN NEW;
END $$;
CREATE TRIGGER "payment_status_from_lines" BEFORE INSERT OR UPDATE ON "payments" FOR EACH ROW EXECUTE FUNCTION "payment_status_from_lines"();

CREATE FUNCTION "statement_lines_touch_payments"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  -- The no-op assignment runs payment_status_from_lines for the payment(s) the line names.
  IF TG_OP = 'UPDATE' AND OLD."payment_id" IS NOT NULL AND OLD."payment_id" IS DISTINCT FROM NEW."payment_id" THEN
    UPDATE "payments" SET "status" = "status" WHERE "id" = OLD."payment_id";
  END IF;
  IF NEW."payment_id" IS NOT NULL THEN
    UPDATE "payments" SET "status" = "status" WHERE "id" = NEW."payment_id";
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "statement_lines_touch_payments_insert" AFTER INSERT ON "statement_lines" FOR EACH ROW
  WHEN (NEW."payment_id" IS NOT NULL) EXECUTE FUNCTION "statement_lines_touch_payments"();
CREATE TRIGGER "statement_lines_touch_payments_update" AFTER UPDATE OF "state", "payment_id" ON "statement_lines" FOR EACH ROW
  WHEN (OLD."payment_id" IS NOT NULL OR NEW."payment_id" IS NOT NULL) EXECUTE FUNCTION "statement_lines_touch_payments"();
