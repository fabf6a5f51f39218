-- Issue 40 (docs/decisions/211): an audit trail that holds in every install.
--
-- 1. The audit log is a hash chain, sealed lazily: writers insert audit rows as they always did (no
--    lock, no chain work, so two transactions writing audit rows never wait for each other), and
--    audit_log_seal() later gives every committed row not yet in the chain its place: chain_seq (the
--    chain's order, from its own sequence) and hash = SHA-256 over the previous row's hash, a newline
--    and the row's canonical line (the same line the checkpoints digest: a JSON array printed by the
--    database, the time in UTC). A row that commits late (a smaller id, a later commit) simply takes a
--    later place: chain order is chain_seq order, not id order. Sealers take their turn under a
--    transaction-scoped advisory lock held only for the seal's own short transaction.
--    The app seals at start, every 60 seconds while it runs, and before anything exports or anchors
--    the log (the archive, an audit checkpoint, a draw's reveal). So where the app's role could rewrite
--    the log (a single-role install), a row not yet sealed (at most about a minute old) can be changed
--    or removed undetected; a sealed row cannot be changed without recomputing every later hash, which
--    the archive's verifier (scripts/verify-archive.mjs) reports, and a recomputed chain no longer
--    matches the anchors kept outside the database (archives already handed out, the checkpoints' and
--    the draw certificates' sums).
ALTER TABLE "audit_log" ADD COLUMN "hash" TEXT, ADD COLUMN "chain_seq" BIGINT;
CREATE UNIQUE INDEX "audit_log_chain_seq_key" ON "audit_log"("chain_seq");
-- The rows waiting for their seal, found without reading the sealed ones.
CREATE INDEX "audit_log_unsealed_idx" ON "audit_log"("id") WHERE "chain_seq" IS NULL;
CREATE SEQUENCE "audit_log_chain_seq_seq" AS BIGINT;

CREATE FUNCTION "audit_row_line"(r "audit_log") RETURNS TEXT LANGUAGE sql STABLE AS $$
  SELECT json_build_array(r."id"::text, r."actor_id", r."actor_email", r."action", r."entity_type", r."entity_id", r."before", r."after",
    to_char(r."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text
$$;

CREATE FUNCTION "audit_chain_hash"(previous TEXT, line TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(coalesce(previous, '') || E'\n' || line, 'UTF8')), 'hex')
$$;

-- Seals at most max_rows committed rows (the oldest ids first) and returns how many; the caller
-- loops while it returns max_rows. The hashes are computed in a loop (the line and the hash written
-- out rather than through the two functions above: a call per row doubled the cost; the two must
-- print the same line) and written by one UPDATE from arrays. SECURITY DEFINER: the app's role of the
-- two-role set-up may not update audit_log itself.
CREATE FUNCTION "audit_log_seal"(max_rows INTEGER DEFAULT 50000) RETURNS INTEGER LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  previous TEXT;
  r RECORD;
  n INTEGER := 0;
  ids BIGINT[] := '{}';
  seqs BIGINT[] := '{}';
  hashes TEXT[] := '{}';
BEGIN
  PERFORM pg_advisory_xact_lock(7406392001);
  -- Read after the lock: a sealer before us has committed (each statement sees what is committed now).
  SELECT coalesce((SELECT "hash" FROM "audit_log" WHERE "chain_seq" IS NOT NULL ORDER BY "chain_seq" DESC LIMIT 1), '') INTO previous;
  FOR r IN
    SELECT a."id", json_build_array(a."id"::text, a."actor_id", a."actor_email", a."action", a."entity_type", a."entity_id", a."before", a."after",
      to_char(a."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text AS line
    FROM "audit_log" a WHERE a."chain_seq" IS NULL ORDER BY a."id" LIMIT max_rows
  LOOP
    n := n + 1;
    previous := encode(sha256(convert_to(previous || E'\n' || r.line, 'UTF8')), 'hex');
    ids[n] := r."id";
    seqs[n] := nextval('"audit_log_chain_seq_seq"');
    hashes[n] := previous;
  END LOOP;
  IF n > 0 THEN
    PERFORM set_config('audit.seal', 'on', true);
    UPDATE "audit_log" a SET "chain_seq" = u.s, "hash" = u.h FROM unnest(ids, seqs, hashes) AS u(id, s, h)
    WHERE a."id" = u.id AND a."chain_seq" IS NULL;
    PERFORM set_config('audit.seal', '', true);
  END IF;
  RETURN n;
END $$;

-- 2. The append-only trigger allows two kinds of UPDATE: the seal (chain_seq and hash set on a row
--    that had neither, nothing else changed, inside audit_log_seal) and the purge of personal data
--    (the one sanctioned rewrite, decision 132), which re-seals the chain over the masked rows in
--    the same transaction: then only the hash may change, and only inside the purge.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND coalesce(current_setting('audit.seal', true), '') = 'on'
     AND OLD."chain_seq" IS NULL AND OLD."hash" IS NULL AND NEW."chain_seq" IS NOT NULL AND NEW."hash" IS NOT NULL
     AND (NEW."id", NEW."actor_id", NEW."actor_email", NEW."action", NEW."entity_type", NEW."entity_id", NEW."before", NEW."after", NEW."created_at")
         IS NOT DISTINCT FROM (OLD."id", OLD."actor_id", OLD."actor_email", OLD."action", OLD."entity_type", OLD."entity_id", OLD."before", OLD."after", OLD."created_at") THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE'
     AND coalesce(current_setting('raffle.purge', true), '') = 'on'
     AND coalesce(current_setting('audit.redact', true), '') = 'on'
     AND EXISTS (SELECT 1 FROM "raffle_state" s WHERE s."id" = 1 AND s."status" = 'closed' AND s."purged_at" IS NULL)
     AND (NEW."id", NEW."actor_id", NEW."actor_email", NEW."action", NEW."entity_type", NEW."entity_id", NEW."created_at", NEW."chain_seq")
         IS NOT DISTINCT FROM (OLD."id", OLD."actor_id", OLD."actor_email", OLD."action", OLD."entity_type", OLD."entity_id", OLD."created_at", OLD."chain_seq")
     AND ((NEW."before" IS NOT DISTINCT FROM "audit_redact_personal"(OLD."before", OLD."entity_type" IN ('ticket_attachment', 'draw'))
           AND NEW."after" IS NOT DISTINCT FROM "audit_redact_personal"(OLD."after", OLD."entity_type" IN ('ticket_attachment', 'draw'))
           AND NEW."hash" IS NOT DISTINCT FROM OLD."hash")
          OR (coalesce(current_setting('audit.reseal', true), '') = 'on'
           AND (NEW."before", NEW."after") IS NOT DISTINCT FROM (OLD."before", OLD."after"))) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END $$;

-- The rows already there take their places in id order.
DO $$ BEGIN WHILE "audit_log_seal"(50000) = 50000 LOOP END LOOP; END $$;

-- The purge masks the rows, then recomputes every sealed row's hash in chain_seq order (rows not yet
-- sealed are sealed later over their masked text), written in one statement.
CREATE OR REPLACE FUNCTION "audit_log_redact_personal_data"() RETURNS INTEGER LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  n INTEGER;
  r "audit_log";
  previous TEXT := '';
  ids BIGINT[] := '{}';
  hashes TEXT[] := '{}';
BEGIN
  IF coalesce(current_setting('raffle.purge', true), '') <> 'on' THEN
    RAISE EXCEPTION 'Only the purge of personal data masks the audit log' USING ERRCODE = 'RF008';
  END IF;
  PERFORM pg_advisory_xact_lock(7406392001);
  PERFORM set_config('audit.redact', 'on', true);
  UPDATE "audit_log"
  SET "before" = "audit_redact_personal"("before", "entity_type" IN ('ticket_attachment', 'draw')),
      "after" = "audit_redact_personal"("after", "entity_type" IN ('ticket_attachment', 'draw'))
  WHERE "entity_type" NOT IN ('user', 'session', 'sign_in', 'settings')
    AND ("before" IS DISTINCT FROM "audit_redact_personal"("before", "entity_type" IN ('ticket_attachment', 'draw'))
      OR "after" IS DISTINCT FROM "audit_redact_personal"("after", "entity_type" IN ('ticket_attachment', 'draw')));
  GET DIAGNOSTICS n = ROW_COUNT;
  FOR r IN SELECT * FROM "audit_log" WHERE "chain_seq" IS NOT NULL ORDER BY "chain_seq" LOOP
    previous := "audit_chain_hash"(previous, "audit_row_line"(r));
    IF r."hash" IS DISTINCT FROM previous THEN
      ids := ids || r."id";
      hashes := hashes || previous;
    END IF;
  END LOOP;
  PERFORM set_config('audit.reseal', 'on', true);
  UPDATE "audit_log" a SET "hash" = u.h FROM unnest(ids, hashes) AS u(id, h) WHERE a."id" = u.id;
  PERFORM set_config('audit.reseal', '', true);
  PERFORM set_config('audit.redact', '', true);
  RETURN n;
END $$;

-- 3. A draw's pool is written once, in the transaction that commits the draw, and frozen from that
--    commit on: a deferred check seals the draw when its transaction commits, and a sealed draw's pool
--    takes no row (UPDATE, DELETE and TRUNCATE were already refused). A pool ticket's buyer name is
--    frozen too (its number, control number, sale and void were already): only the purge may mask it.
ALTER TABLE "draws" ADD COLUMN "pool_sealed" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "draws" DISABLE TRIGGER USER;
UPDATE "draws" SET "pool_sealed" = true;
ALTER TABLE "draws" ENABLE TRIGGER USER;

CREATE FUNCTION "draws_seal_pool"() RETURNS TRIGGER LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  UPDATE "draws" SET "pool_sealed" = true WHERE "id" = NEW."id" AND NOT "pool_sealed";
  RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER "draws_seal_pool" AFTER INSERT ON "draws" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "draws_seal_pool"();

CREATE FUNCTION "draws_pool_stays_sealed"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."pool_sealed" AND NOT NEW."pool_sealed" THEN
    RAISE EXCEPTION 'A committed draw''s pool stays sealed' USING ERRCODE = 'RF006';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "draws_pool_stays_sealed" BEFORE UPDATE OF "pool_sealed" ON "draws" FOR EACH ROW EXECUTE FUNCTION "draws_pool_stays_sealed"();

CREATE FUNCTION "draw_pool_insert_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
  sealed INTEGER;
BEGIN
  SELECT d."number" INTO sealed FROM "draws" d WHERE d."pool_sealed" AND d."id" IN (SELECT DISTINCT n."draw_id" FROM new_rows n) LIMIT 1;
  IF sealed IS NOT NULL THEN
    RAISE EXCEPTION 'Draw %''s pool was committed and is frozen', sealed USING ERRCODE = 'RF006';
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER "draw_pool_insert_guard" AFTER INSERT ON "draw_pool" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "draw_pool_insert_guard"();

CREATE FUNCTION "tickets_pool_buyer_guard"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('raffle.purge', true), '') <> 'on'
     AND EXISTS (SELECT 1 FROM "draw_pool" WHERE "ticket_id" = OLD."id") THEN
    RAISE EXCEPTION 'Ticket % is in a committed draw''s pool: its buyer stays as drawn', OLD."control_number" USING ERRCODE = 'RF003';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "tickets_pool_buyer_guard" BEFORE UPDATE OF "buyer_name" ON "tickets" FOR EACH ROW
  WHEN (NEW."buyer_name" IS DISTINCT FROM OLD."buyer_name") EXECUTE FUNCTION "tickets_pool_buyer_guard"();
