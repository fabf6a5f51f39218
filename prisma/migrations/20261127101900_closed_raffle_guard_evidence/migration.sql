-- A closed raffle refuses evidence files of winner events too (docs/decisions/130): the
-- winner_event_evidence table came with the draw's evidence files in a migration written alongside
-- the close-out's, which listed the record tables that existed then.
CREATE TRIGGER "closed_raffle_guard" BEFORE INSERT OR UPDATE OR DELETE ON "winner_event_evidence"
  FOR EACH STATEMENT EXECUTE FUNCTION "closed_raffle_guard"();
CREATE TRIGGER "closed_raffle_guard_truncate" BEFORE TRUNCATE ON "winner_event_evidence"
  FOR EACH STATEMENT EXECUTE FUNCTION "closed_raffle_guard"();
