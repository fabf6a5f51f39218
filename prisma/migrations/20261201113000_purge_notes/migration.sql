-- Issue 37 (docs/decisions/196): the purge also masks buyers' names, phones and e-mails written in
-- free text: remittance notes (and void reasons), winner events' notes (the disqualification
-- evidence's words) and the same words inside the audit log's rows. One masking rule for free
-- text, personal_text_masked, used by every one of them and by audit_redact_personal.

-- 1. The rule. E-mail addresses and Philippine mobile numbers go (as audit_redact_personal did);
-- with mask_names, every word of a buyer's or payer's name (3 letters or more, any case) becomes its
-- initial ('Melchora' → 'M.'). The purge sets the names' words in raffle.purge_names for its own
-- transaction (read before the tickets' names become initials); outside it nothing is set and only
-- contact details are masked. Idempotent: an initial is one letter.
CREATE FUNCTION "personal_text_masked"(t TEXT, mask_names BOOLEAN DEFAULT true) RETURNS TEXT LANGUAGE plpgsql STABLE AS $$
DECLARE
  words TEXT[];
  result TEXT;
BEGIN
  IF t IS NULL THEN RETURN NULL; END IF;
  result := regexp_replace(regexp_replace(t,
    '[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}', '[e-mail removed]', 'g'),
    '(\+63|\m0)9\d{2}[ -]?\d{3}[ -]?\d{4}\M', '[phone removed]', 'g');
  IF NOT mask_names THEN RETURN result; END IF;
  words := string_to_array(nullif(current_setting('raffle.purge_names', true), ''), ' ');
  IF words IS NULL OR result = '' THEN RETURN result; END IF;
  SELECT string_agg(CASE WHEN m[1] IS NOT NULL AND lower(m[1]) = ANY(words) THEN upper(left(m[1], 1)) || '.' ELSE coalesce(m[1], m[2]) END, '' ORDER BY i)
    INTO result
    FROM regexp_matches(result, '([[:alpha:]]+)|([^[:alpha:]]+)', 'g') WITH ORDINALITY AS x(m, i);
  RETURN coalesce(result, '');
END $$;

-- 2. The audit log's details: the same as before, every string through the one rule (contact
-- details), and the free-text keys (a note, a reason, a comment) with names masked too.
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
    ELSE
      result := result || jsonb_build_object(k, "audit_redact_personal"(v, mask_file_names));
    END IF;
  END LOOP;
  RETURN result;
END $$;

-- 3. Remittances stay append-only; inside the purge a receipt's note and void reason may become
-- exactly their masked form, nothing else.
CREATE OR REPLACE FUNCTION "remittances_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR TG_OP = 'TRUNCATE' THEN
    RAISE EXCEPTION 'Remittances are never deleted: void one with a reason instead' USING ERRCODE = 'RF203';
  END IF;
  IF coalesce(current_setting('raffle.purge', true), '') = 'on' AND "raffle_status_shared"() = 'closed'
     AND NEW."note" IS NOT DISTINCT FROM "personal_text_masked"(OLD."note")
     AND NEW."void_reason" IS NOT DISTINCT FROM "personal_text_masked"(OLD."void_reason")
     AND (NEW."id", NEW."receipt_number", NEW."seller_id", NEW."amount", NEW."method", NEW."covers_until", NEW."received_by_id", NEW."created_at",
          NEW."voided_at", NEW."voided_by_id")
         IS NOT DISTINCT FROM
         (OLD."id", OLD."receipt_number", OLD."seller_id", OLD."amount", OLD."method", OLD."covers_until", OLD."received_by_id", OLD."created_at",
          OLD."voided_at", OLD."voided_by_id") THEN
    RETURN NEW;
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

-- 4. Winner events stay append-only; inside the purge an event's note may become its masked form.
CREATE FUNCTION "winner_events_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND coalesce(current_setting('raffle.purge', true), '') = 'on' AND "raffle_status_shared"() = 'closed'
     AND NEW."note" IS NOT DISTINCT FROM "personal_text_masked"(OLD."note")
     AND (to_jsonb(NEW) - 'note') = (to_jsonb(OLD) - 'note') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME USING ERRCODE = 'RF006';
END $$;
DROP TRIGGER "winner_events_append_only" ON "winner_events";
CREATE TRIGGER "winner_events_append_only" BEFORE UPDATE OR DELETE ON "winner_events" FOR EACH ROW EXECUTE FUNCTION "winner_events_guard"();

-- 5. The closed raffle's guard lets the purge through for exactly its writes (as before, plus the notes).
CREATE OR REPLACE FUNCTION "closed_raffle_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF "raffle_status_shared"() <> 'closed' THEN RETURN NULL; END IF;
  IF coalesce(current_setting('raffle.purge', true), '') = 'on'
     AND ((TG_OP = 'UPDATE' AND TG_TABLE_NAME IN ('tickets', 'payments', 'winner_event_evidence', 'statement_lines', 'remittances', 'winner_events'))
          OR (TG_OP = 'DELETE' AND TG_TABLE_NAME = 'ticket_attachments')) THEN
    RETURN NULL;
  END IF;
  RAISE EXCEPTION 'This raffle is closed' USING ERRCODE = 'RF007';
END $$;
