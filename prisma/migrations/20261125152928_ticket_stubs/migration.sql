-- AlterTable
ALTER TABLE "settings" ADD COLUMN     "draw_at" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "permit_number" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "venue" TEXT NOT NULL DEFAULT '';

-- CreateTable
CREATE TABLE "ticket_stubs" (
    "ticket_number" INTEGER NOT NULL,
    "qr_version" SMALLINT NOT NULL DEFAULT 1,
    "print_count" INTEGER NOT NULL DEFAULT 0,
    "last_printed_at" TIMESTAMPTZ(3),

    CONSTRAINT "ticket_stubs_pkey" PRIMARY KEY ("ticket_number")
);

-- CreateTable
CREATE TABLE "print_jobs" (
    "id" UUID NOT NULL,
    "requested_by_id" UUID,
    "requested_by_email" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paper" TEXT NOT NULL,
    "layout" TEXT NOT NULL,
    "stack_order" TEXT NOT NULL,
    "calibration" BOOLEAN NOT NULL DEFAULT false,
    "selector" JSONB NOT NULL,
    "from_number" INTEGER,
    "to_number" INTEGER,
    "ticket_count" INTEGER NOT NULL,
    "reprint_count" INTEGER NOT NULL DEFAULT 0,
    "job_id" UUID,
    "sha256" TEXT,

    CONSTRAINT "print_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "print_jobs_created_at_idx" ON "print_jobs"("created_at" DESC);


-- Hand-written below: stubs, verify codes and the print log (issue 22, docs/decisions/100-102).

ALTER TABLE "print_jobs" ALTER COLUMN "id" SET DEFAULT gen_random_uuid();

-- A verify code's version is one Crockford base32 character (1-31) carried in the token; a print
-- count is a count. Neither ever goes back: a replaced code must never verify again, and a paper
-- printed once is printed.
ALTER TABLE "ticket_stubs" ADD CONSTRAINT "ticket_stubs_number_range" CHECK ("ticket_number" BETWEEN 1 AND 99999),
  ADD CONSTRAINT "ticket_stubs_qr_version_range" CHECK ("qr_version" BETWEEN 1 AND 31),
  ADD CONSTRAINT "ticket_stubs_print_count_positive" CHECK ("print_count" >= 0);

CREATE FUNCTION "ticket_stubs_only_grow"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ticket_stubs rows are never deleted';
  END IF;
  IF NEW."ticket_number" <> OLD."ticket_number" OR NEW."qr_version" < OLD."qr_version" OR NEW."print_count" < OLD."print_count" THEN
    RAISE EXCEPTION 'a stub''s code version and print count only grow';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "ticket_stubs_only_grow" BEFORE UPDATE OR DELETE ON "ticket_stubs"
  FOR EACH ROW EXECUTE FUNCTION "ticket_stubs_only_grow"();

ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_paper" CHECK ("paper" IN ('a4', 'letter')),
  ADD CONSTRAINT "print_jobs_layout" CHECK ("layout" IN ('5-up', '10-up')),
  ADD CONSTRAINT "print_jobs_stack_order" CHECK ("stack_order" IN ('sequential', 'cut-stack')),
  ADD CONSTRAINT "print_jobs_counts" CHECK ("ticket_count" >= 1 AND "reprint_count" BETWEEN 0 AND "ticket_count"),
  ADD CONSTRAINT "print_jobs_sha256_hex" CHECK ("sha256" IS NULL OR "sha256" ~ '^[0-9a-f]{64}$');

-- The print log is append-only: the one change ever made is recording the digest of the bytes
-- streamed, once, on a row that has none.
CREATE FUNCTION "print_jobs_append_only"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD."sha256" IS NULL AND NEW."sha256" IS NOT NULL
     AND (to_jsonb(NEW) - 'sha256') = (to_jsonb(OLD) - 'sha256') THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'print_jobs is append-only (only its sha256 is set, once)';
END $$;
CREATE TRIGGER "print_jobs_append_only" BEFORE UPDATE OR DELETE ON "print_jobs"
  FOR EACH ROW EXECUTE FUNCTION "print_jobs_append_only"();
CREATE TRIGGER "print_jobs_no_truncate" BEFORE TRUNCATE ON "print_jobs"
  FOR EACH STATEMENT EXECUTE FUNCTION "print_jobs_append_only"();
