-- Issue 37 (docs/decisions/193): a GCash or bank payment no statement will ever show (cash handed to
-- the treasurer for a GCash sale, a transfer to an account never exported) is settled by hand by an
-- administrator, with a reason. The ledger state (server/reconciliation/payment-ledger.ts) reads
-- these columns; the database keeps them whole.
ALTER TABLE "payments" ADD COLUMN "settled_at" TIMESTAMPTZ(3),
  ADD COLUMN "settled_by_id" UUID,
  ADD COLUMN "settle_reason" TEXT;

ALTER TABLE "payments" ADD CONSTRAINT "payments_settled_by_id_fkey" FOREIGN KEY ("settled_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Settled means a time and a reason that is not blank, together; cash is accounted for by remittances.
ALTER TABLE "payments" ADD CONSTRAINT "payments_settled_check" CHECK (
  ("settled_at" IS NULL AND "settle_reason" IS NULL)
  OR ("settled_at" IS NOT NULL AND "settle_reason" IS NOT NULL AND btrim("settle_reason") <> '' AND "method" <> 'cash'));

-- A payment its statement lines already verify is never settled by hand (the service answers 409
-- first; this is the backstop for any other path).
CREATE FUNCTION "payments_settle_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."settled_at" IS NOT NULL AND OLD."settled_at" IS NULL AND NEW."status" = 'verified' THEN
    RAISE EXCEPTION 'Payment % is verified by its statement lines: it is not settled by hand', OLD."id" USING ERRCODE = 'RF220';
  END IF;
  RETURN NEW;
END $$;
-- Named to run after payment_status_from_lines (alphabetical), so it sees the status the lines give.
CREATE TRIGGER "payments_settle_guard" BEFORE UPDATE OF "settled_at" ON "payments" FOR EACH ROW EXECUTE FUNCTION "payments_settle_guard"();
