-- Issue 37's last gaps (docs/decisions/235, 236): an evidence file with a settlement by hand, kept as
-- the disqualification evidence is (append-only, bytes removed by the purge, SHA-256 kept), and the
-- purge's one masking rule (personal_text_masked) applied to remittance adjustments' reasons and to
-- settlements' reasons too.

-- CreateTable
CREATE TABLE "payment_settle_evidence" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "payment_id" UUID NOT NULL,
    "settled_at" TIMESTAMPTZ(3) NOT NULL,
    "file_name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "file_size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "data" BYTEA,
    "removed_at" TIMESTAMPTZ(3),
    "uploaded_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "payment_settle_evidence_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "payment_settle_evidence_payment_id_settled_at_key" ON "payment_settle_evidence"("payment_id", "settled_at");

-- AddForeignKey
ALTER TABLE "payment_settle_evidence" ADD CONSTRAINT "payment_settle_evidence_payment_id_fkey" FOREIGN KEY ("payment_id") REFERENCES "payments"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Hand-written below.

-- 1. A file is a file (as the disqualification evidence's), and removed means no bytes, together.
ALTER TABLE "payment_settle_evidence" ADD CONSTRAINT "payment_settle_evidence_file_check" CHECK ("file_size" > 0 AND "sha256" ~ '^[0-9a-f]{64}$');
ALTER TABLE "payment_settle_evidence" ADD CONSTRAINT "payment_settle_evidence_removed_check" CHECK (("data" IS NULL) = ("removed_at" IS NOT NULL));

-- 2. A file goes with the payment's settlement in force when it is written: the one its settled_at
-- names (one file per settlement, the unique index above). An undone settlement's file stays, with
-- the settlement it supported, as the audit log keeps the settlement itself.
CREATE FUNCTION "payment_settle_evidence_insert"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "payments" WHERE "id" = NEW."payment_id" AND "settled_at" = NEW."settled_at") THEN
    RAISE EXCEPTION 'Evidence goes with a settlement by hand: payment % is not settled at %', NEW."payment_id", NEW."settled_at" USING ERRCODE = 'RF221';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "payment_settle_evidence_insert" BEFORE INSERT ON "payment_settle_evidence" FOR EACH ROW EXECUTE FUNCTION "payment_settle_evidence_insert"();

-- 3. Append-only; only the purge of a closed raffle removes a file (bytes and name; the row and its SHA-256 stay for the archive's copy).
CREATE FUNCTION "payment_settle_evidence_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF coalesce(current_setting('raffle.purge', true), '') = 'on' AND "raffle_status_shared"() = 'closed'
     AND OLD."removed_at" IS NULL AND NEW."removed_at" IS NOT NULL AND NEW."data" IS NULL AND NEW."file_name" = 'removed'
     AND (NEW."id", NEW."payment_id", NEW."settled_at", NEW."content_type", NEW."file_size", NEW."sha256", NEW."uploaded_by_id", NEW."created_at")
         IS NOT DISTINCT FROM (OLD."id", OLD."payment_id", OLD."settled_at", OLD."content_type", OLD."file_size", OLD."sha256", OLD."uploaded_by_id", OLD."created_at") THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'RF006';
END $$;
CREATE TRIGGER "payment_settle_evidence_append_only" BEFORE UPDATE OR DELETE ON "payment_settle_evidence" FOR EACH ROW EXECUTE FUNCTION "payment_settle_evidence_guard"();
CREATE TRIGGER "payment_settle_evidence_no_truncate" BEFORE TRUNCATE ON "payment_settle_evidence" FOR EACH STATEMENT EXECUTE FUNCTION "payment_settle_evidence_guard"();

-- 4. A closed raffle's records are read-only, this table's too.
CREATE TRIGGER "closed_raffle_guard" BEFORE INSERT OR UPDATE OR DELETE ON "payment_settle_evidence"
  FOR EACH STATEMENT EXECUTE FUNCTION "closed_raffle_guard"();
CREATE TRIGGER "closed_raffle_guard_truncate" BEFORE TRUNCATE ON "payment_settle_evidence"
  FOR EACH STATEMENT EXECUTE FUNCTION "closed_raffle_guard"();

-- 5. Adjustments stay append-only; inside the purge of a closed raffle a reason may become exactly
-- its masked form, nothing else.
CREATE OR REPLACE FUNCTION "remittance_adjustments_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  -- Nested: a TRUNCATE (statement level) has no row to read.
  IF TG_OP = 'UPDATE' THEN
    IF coalesce(current_setting('raffle.purge', true), '') = 'on' AND "raffle_status_shared"() = 'closed'
       AND NEW."reason" IS NOT DISTINCT FROM "personal_text_masked"(OLD."reason")
       AND (to_jsonb(NEW) - 'reason') = (to_jsonb(OLD) - 'reason') THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'Adjustments are never changed or deleted: record an opposite adjustment instead' USING ERRCODE = 'RF203';
END $$;

-- 6. The closed raffle's guard lets the purge through for exactly its writes (as before, plus the
-- adjustments' reasons and the settlement evidence files).
CREATE OR REPLACE FUNCTION "closed_raffle_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF "raffle_status_shared"() <> 'closed' THEN RETURN NULL; END IF;
  IF coalesce(current_setting('raffle.purge', true), '') = 'on'
     AND ((TG_OP = 'UPDATE' AND TG_TABLE_NAME IN ('tickets', 'payments', 'winner_event_evidence', 'statement_lines', 'remittances', 'winner_events',
                                                  'remittance_adjustments', 'payment_settle_evidence'))
          OR (TG_OP = 'DELETE' AND TG_TABLE_NAME = 'ticket_attachments')) THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'This raffle is closed' USING ERRCODE = 'RF007';
END $$;

-- 7. The audit log's details: as before, and an evidence file's name (under "evidence") is removed
-- whatever the row's entity, as the purge removes the file (a name like 'Juan Dela Cruz GCash.jpg').
CREATE OR REPLACE FUNCTION "audit_redact_personal"(j JSONB, mask_file_names BOOLEAN DEFAULT false) RETURNS JSONB LANGUAGE plpgsql STABLE AS $$
DECLARE
  k TEXT;
  v JSONB;
  result JSONB := '{}'::jsonb;
BEGIN
  IF j IS NULL THEN RETURN NULL; END IF;
  IF jsonb_typeof(j) = 'array' THEN
    RETURN coalesce((SELECT jsonb_agg("audit_redact_personal"(e, mask_file_names) ORDER BY i) FROM jsonb_array_elements(j) WITH ORDINALITY AS a(e, i)), '[]'::jsonb);
  END IF;
  IF jsonb_typeof(j) = 'string' THEN
    RETURN to_jsonb("personal_text_masked"(j #>> '{}', false));
  END IF;
  IF jsonb_typeof(j) <> 'object' THEN RETURN j; END IF;
  FOR k, v IN SELECT * FROM jsonb_each(j) LOOP
    IF k IN ('phone_number', 'phoneNumber', 'phone', 'payer_phone', 'payerPhone', 'email', 'buyer_email', 'buyerEmail', 'address', 'to')
       AND jsonb_typeof(v) = 'string' THEN
      result := result || jsonb_build_object(k, NULL);
    ELSIF k IN ('buyer_name', 'buyerName', 'payer_name', 'payerName') AND jsonb_typeof(v) = 'string' THEN
      result := result || jsonb_build_object(k, "personal_name_initials"(v #>> '{}'));
    ELSIF mask_file_names AND k IN ('file_name', 'fileName') AND jsonb_typeof(v) = 'string' THEN
      result := result || jsonb_build_object(k, 'removed');
    ELSIF k IN ('note', 'reason', 'comment', 'settleReason', 'settle_reason', 'void_note', 'voidNote', 'void_reason_text') AND jsonb_typeof(v) = 'string' THEN
      result := result || jsonb_build_object(k, "personal_text_masked"(v #>> '{}', true));
    ELSIF k = 'evidence' AND jsonb_typeof(v) = 'object' THEN
      result := result || jsonb_build_object(k, "audit_redact_personal"(v, true));
    ELSE
      result := result || jsonb_build_object(k, "audit_redact_personal"(v, mask_file_names));
    END IF;
  END LOOP;
  RETURN result;
END $$;
