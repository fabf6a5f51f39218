-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "retention_months" INTEGER NOT NULL DEFAULT 36;

-- AlterTable
ALTER TABLE "winner_event_evidence" ADD COLUMN     "removed_at" TIMESTAMPTZ(3),
ALTER COLUMN "data" DROP NOT NULL;

-- Hand-written below: the rest of the purge and the retention reminder (issue 24, docs/decisions/147-148).

-- 1. The reminder's period: 0 (none) to 120 months.
ALTER TABLE "settings" ADD CONSTRAINT "settings_retention_months_check" CHECK ("retention_months" BETWEEN 0 AND 120);

-- 2. A buyer's name shortened to initials ('Juan Dela Cruz' → 'J. D. C.'), one home for the rule: the
-- purge of tickets and of the audit log's details both call it. Initials stay initials.
CREATE FUNCTION "personal_name_initials"(name TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN name IS NULL THEN NULL ELSE nullif(array_to_string(ARRAY(
    SELECT upper(left(w, 1)) || '.' FROM regexp_split_to_table(btrim(name), '\s+') AS w WHERE w <> ''), ' '), '') END
$$;

-- 3. Personal data inside an audit row's before/after JSON, masked: contact fields (phones, e-mail
-- addresses, postal addresses, an e-mail's recipient) become null, buyers' and payers' names become
-- initials, the names of the files the purge deletes become 'removed', and any other text loses e-mail addresses and Philippine mobile numbers written in it
-- (a note, a reason). Everything else (control numbers, amounts, states, ids) is kept. Idempotent.
-- File names are masked only in rows about the files the purge deletes (attachments, draw evidence:
-- mask_file_names), not, say, a bank statement's.
CREATE FUNCTION "audit_redact_personal"(j JSONB, mask_file_names BOOLEAN DEFAULT false) RETURNS JSONB LANGUAGE plpgsql IMMUTABLE AS $$
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
    RETURN to_jsonb(regexp_replace(regexp_replace(j #>> '{}',
      '[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}', '[e-mail removed]', 'g'),
      '(\+63|\m0)9\d{2}[ -]?\d{3}[ -]?\d{4}\M', '[phone removed]', 'g'));
  END IF;
  IF jsonb_typeof(j) <> 'object' THEN RETURN j; END IF;
  FOR k, v IN SELECT * FROM jsonb_each(j) LOOP
    IF k IN ('phone_number', 'phoneNumber', 'phone', 'payer_phone', 'payerPhone', 'email', 'buyer_email', 'buyerEmail', 'address', 'to')
       AND jsonb_typeof(v) = 'string' THEN
      result := result || jsonb_build_object(k, NULL);
    ELSIF k IN ('buyer_name', 'buyerName', 'payer_name', 'payerName') AND jsonb_typeof(v) = 'string' THEN
      result := result || jsonb_build_object(k, "personal_name_initials"(v #>> '{}'));
    ELSIF mask_file_names AND k IN ('file_name', 'fileName') AND jsonb_typeof(v) = 'string' THEN
      -- The files are deleted with the purge; their names ('Juan ID.jpg') go with them.
      result := result || jsonb_build_object(k, 'removed');
    ELSE
      result := result || jsonb_build_object(k, "audit_redact_personal"(v, mask_file_names));
    END IF;
  END LOOP;
  RETURN result;
END $$;

-- 4. The audit log stays append-only, with one exception: inside the purge (raffle.purge and
-- audit.redact on, the raffle closed and not yet purged, so once), a row's before/after may be
-- replaced by exactly their masked form; nothing else of the row may change, and nothing may be
-- deleted or truncated. Even a role that could UPDATE cannot write anything else through it.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND coalesce(current_setting('raffle.purge', true), '') = 'on'
     AND coalesce(current_setting('audit.redact', true), '') = 'on'
     AND EXISTS (SELECT 1 FROM "raffle_state" s WHERE s."id" = 1 AND s."status" = 'closed' AND s."purged_at" IS NULL)
     AND (NEW."id", NEW."actor_id", NEW."actor_email", NEW."action", NEW."entity_type", NEW."entity_id", NEW."created_at")
         IS NOT DISTINCT FROM (OLD."id", OLD."actor_id", OLD."actor_email", OLD."action", OLD."entity_type", OLD."entity_id", OLD."created_at")
     AND NEW."before" IS NOT DISTINCT FROM "audit_redact_personal"(OLD."before", OLD."entity_type" IN ('ticket_attachment', 'draw'))
     AND NEW."after" IS NOT DISTINCT FROM "audit_redact_personal"(OLD."after", OLD."entity_type" IN ('ticket_attachment', 'draw')) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END $$;

-- 5. The one way to run that exception: the purge calls it in its transaction. SECURITY DEFINER
-- because the app's role has no UPDATE on audit_log in the two-role setup (server/db/app-role.ts).
-- Rows about users, sessions, sign-ins and settings are staff records, not buyers': left as they are.
CREATE FUNCTION "audit_log_redact_personal_data"() RETURNS INTEGER LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  n INTEGER;
BEGIN
  IF coalesce(current_setting('raffle.purge', true), '') <> 'on' THEN
    RAISE EXCEPTION 'Only the purge of personal data masks the audit log' USING ERRCODE = 'RF008';
  END IF;
  PERFORM set_config('audit.redact', 'on', true);
  UPDATE "audit_log"
  SET "before" = "audit_redact_personal"("before", "entity_type" IN ('ticket_attachment', 'draw')),
      "after" = "audit_redact_personal"("after", "entity_type" IN ('ticket_attachment', 'draw'))
  WHERE "entity_type" NOT IN ('user', 'session', 'sign_in', 'settings')
    AND ("before" IS DISTINCT FROM "audit_redact_personal"("before", "entity_type" IN ('ticket_attachment', 'draw'))
      OR "after" IS DISTINCT FROM "audit_redact_personal"("after", "entity_type" IN ('ticket_attachment', 'draw')));
  GET DIAGNOSTICS n = ROW_COUNT;
  PERFORM set_config('audit.redact', '', true);
  RETURN n;
END $$;

-- 6. Disqualification evidence: the purge removes each file's bytes and name once (the row, its size
-- and SHA-256 stay, to match the archive's copy); nothing else ever changes, nothing is deleted.
ALTER TABLE "winner_event_evidence" ADD CONSTRAINT "winner_event_evidence_removed_check" CHECK (("data" IS NULL) = ("removed_at" IS NOT NULL));
CREATE FUNCTION "winner_event_evidence_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('raffle.purge', true), '') = 'on'
     AND OLD."removed_at" IS NULL AND NEW."removed_at" IS NOT NULL AND NEW."data" IS NULL AND NEW."file_name" = 'removed'
     AND (NEW."id", NEW."event_id", NEW."content_type", NEW."file_size", NEW."sha256", NEW."uploaded_by_id", NEW."created_at")
         IS NOT DISTINCT FROM (OLD."id", OLD."event_id", OLD."content_type", OLD."file_size", OLD."sha256", OLD."uploaded_by_id", OLD."created_at") THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'RF006';
END $$;
DROP TRIGGER "winner_event_evidence_append_only" ON "winner_event_evidence";
CREATE TRIGGER "winner_event_evidence_append_only" BEFORE UPDATE OR DELETE ON "winner_event_evidence" FOR EACH ROW EXECUTE FUNCTION "winner_event_evidence_guard"();

-- 7. The closed raffle's guard lets the purge through for exactly its writes: tickets and payments
-- updated, attachments deleted, evidence files removed.
CREATE OR REPLACE FUNCTION "closed_raffle_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF "raffle_status_shared"() <> 'closed' THEN RETURN NULL; END IF;
  IF coalesce(current_setting('raffle.purge', true), '') = 'on'
     AND ((TG_OP = 'UPDATE' AND TG_TABLE_NAME IN ('tickets', 'payments', 'winner_event_evidence'))
          OR (TG_OP = 'DELETE' AND TG_TABLE_NAME = 'ticket_attachments')) THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'This raffle is closed' USING ERRCODE = 'RF007';
END $$;
