-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "attachment_storage_limit_mb" INTEGER NOT NULL DEFAULT 2048,
ADD COLUMN     "email_hourly_limit" INTEGER NOT NULL DEFAULT 500;

-- CreateTable
CREATE TABLE "attachment_storage" (
    "id" BOOLEAN NOT NULL DEFAULT true,
    "used_bytes" BIGINT NOT NULL DEFAULT 0,

    CONSTRAINT "attachment_storage_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_hourly_counts" (
    "hour" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "email_hourly_counts_pkey" PRIMARY KEY ("hour")
);

-- Issue 25 item 3 (docs/decisions/069): one row holding the bytes every attachment stores, started
-- from what is stored now, never negative; the one row is the only row.
ALTER TABLE "attachment_storage" ADD CONSTRAINT "attachment_storage_one_row" CHECK ("id");
ALTER TABLE "attachment_storage" ADD CONSTRAINT "attachment_storage_used_bytes_check" CHECK ("used_bytes" >= 0);
INSERT INTO "attachment_storage" ("id", "used_bytes")
  SELECT true, coalesce(sum("file_size"), 0) FROM "ticket_attachments";

ALTER TABLE "settings" ADD CONSTRAINT "settings_attachment_storage_limit_mb_check"
  CHECK ("attachment_storage_limit_mb" BETWEEN 1 AND 1048576);
ALTER TABLE "settings" ADD CONSTRAINT "settings_email_hourly_limit_check"
  CHECK ("email_hourly_limit" BETWEEN 1 AND 100000);
ALTER TABLE "email_hourly_counts" ADD CONSTRAINT "email_hourly_counts_count_check" CHECK ("count" >= 0);

-- Every file counts, whichever path writes it: an insert (or a size change) adds its bytes with a
-- conditional update that refuses to pass the limit (concurrent uploads queue on the row lock and
-- see each other's bytes), a delete (also a ticket's cascade) gives them back.
CREATE FUNCTION "attachment_storage_count"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
DECLARE
  delta BIGINT;
  limit_mb INTEGER;
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "attachment_storage" SET "used_bytes" = greatest(0, "used_bytes" - OLD."file_size") WHERE "id";
    RETURN OLD;
  END IF;
  delta := NEW."file_size"::bigint - CASE WHEN TG_OP = 'UPDATE' THEN OLD."file_size" ELSE 0 END;
  IF delta <= 0 THEN
    UPDATE "attachment_storage" SET "used_bytes" = greatest(0, "used_bytes" + delta) WHERE "id";
    RETURN NEW;
  END IF;
  SELECT "attachment_storage_limit_mb" INTO limit_mb FROM "settings" WHERE "id" = 1;
  UPDATE "attachment_storage" SET "used_bytes" = "used_bytes" + delta
    WHERE "id" AND "used_bytes" + delta <= coalesce(limit_mb, 2048)::bigint * 1048576;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'Attachment storage is full: the limit is % MB', coalesce(limit_mb, 2048)
      USING ERRCODE = 'RF301';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "ticket_attachments_storage_insert" BEFORE INSERT ON "ticket_attachments"
  FOR EACH ROW EXECUTE FUNCTION "attachment_storage_count"();
CREATE TRIGGER "ticket_attachments_storage_update" BEFORE UPDATE OF "file_size" ON "ticket_attachments"
  FOR EACH ROW EXECUTE FUNCTION "attachment_storage_count"();
CREATE TRIGGER "ticket_attachments_storage_delete" AFTER DELETE ON "ticket_attachments"
  FOR EACH ROW EXECUTE FUNCTION "attachment_storage_count"();
