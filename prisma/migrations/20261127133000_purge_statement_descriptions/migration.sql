-- The purge also removes what a statement line's description says (issue 24, docs/decisions/136):
-- a GCash or bank line's description names the payer and often their mobile number ("Transfer from
-- JUAN DELA CRUZ 09171234567"). Inside the purge (raffle.purge = 'on', the raffle closed) a line's
-- description may become 'removed', once, with nothing else about the line changed; every other rule of the lines
-- stays (never deleted, what a line says never changes, a discarded line never changes).
CREATE OR REPLACE FUNCTION "statement_lines_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'Statement lines are never deleted: discard their import instead' USING ERRCODE = 'RF212';
  END IF;
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('raffle.purge', true), '') = 'on'
     AND "raffle_status_shared"() = 'closed'
     AND NEW."description" = 'removed' AND OLD."description" <> 'removed'
     AND (NEW."id", NEW."import_id", NEW."account_label", NEW."line_no", NEW."occurred_at", NEW."reference",
          NEW."reference_normalized", NEW."amount", NEW."balance", NEW."occurrence", NEW."checksum", NEW."state", NEW."match_kind", NEW."payment_id", NEW."note",
          NEW."decided_by_id", NEW."decided_at")
         IS NOT DISTINCT FROM
         (OLD."id", OLD."import_id", OLD."account_label", OLD."line_no", OLD."occurred_at", OLD."reference",
          OLD."reference_normalized", OLD."amount", OLD."balance", OLD."occurrence", OLD."checksum", OLD."state", OLD."match_kind", OLD."payment_id", OLD."note",
          OLD."decided_by_id", OLD."decided_at") THEN
    RETURN NEW;
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

-- The closed raffle's guard lets the purge through for exactly its writes: tickets, payments and
-- statement lines updated, attachments deleted, evidence files removed.
CREATE OR REPLACE FUNCTION "closed_raffle_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF "raffle_status_shared"() <> 'closed' THEN RETURN NULL; END IF;
  IF coalesce(current_setting('raffle.purge', true), '') = 'on'
     AND ((TG_OP = 'UPDATE' AND TG_TABLE_NAME IN ('tickets', 'payments', 'winner_event_evidence', 'statement_lines'))
          OR (TG_OP = 'DELETE' AND TG_TABLE_NAME = 'ticket_attachments')) THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'This raffle is closed' USING ERRCODE = 'RF007';
END $$;
