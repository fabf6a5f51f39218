-- CreateTable
CREATE TABLE "audit_checkpoints" (
    "id" BIGSERIAL NOT NULL,
    "up_to_id" BIGINT NOT NULL,
    "count" BIGINT NOT NULL,
    "sha256" TEXT NOT NULL,
    "created_by_id" UUID,
    "created_by_email" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_checkpoints_pkey" PRIMARY KEY ("id")
);

-- Issue 25 item 4 (docs/decisions/062): the audit log holds against the app's own role.
-- TRUNCATE fires no row trigger: a statement trigger refuses it.
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();

-- Checkpoints are append-only too.
CREATE FUNCTION "audit_checkpoints_append_only"() RETURNS TRIGGER
  LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION 'audit_checkpoints is append-only'; END $$;
CREATE TRIGGER "audit_checkpoints_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_checkpoints"
  FOR EACH ROW EXECUTE FUNCTION "audit_checkpoints_append_only"();
CREATE TRIGGER "audit_checkpoints_no_truncate" BEFORE TRUNCATE ON "audit_checkpoints"
  FOR EACH STATEMENT EXECUTE FUNCTION "audit_checkpoints_append_only"();

-- The last audit row a checkpoint may cover: every transaction still inserting rows is waited
-- for (SHARE conflicts with their ROW EXCLUSIVE lock), so no row with a smaller id can commit
-- after the checkpoint. SECURITY DEFINER: the app's role may not lock the table in SHARE mode
-- itself (that needs UPDATE/DELETE/TRUNCATE, which it does not have in the two-role setup).
CREATE FUNCTION "audit_log_settled_max_id"() RETURNS BIGINT
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$ BEGIN
    LOCK TABLE "audit_log" IN SHARE MODE;
    RETURN coalesce((SELECT max(id) FROM "audit_log"), 0);
  END $$;
