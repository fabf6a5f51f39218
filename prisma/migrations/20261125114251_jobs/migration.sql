-- CreateTable
CREATE TABLE "jobs" (
    "id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "user_id" UUID,
    "state" TEXT NOT NULL DEFAULT 'running',
    "progress" JSONB NOT NULL DEFAULT '{}',
    "result" JSONB,
    "error_code" TEXT,
    "error" TEXT,
    "output_bytes" BIGINT,
    "output_sha256" TEXT,
    "started_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "heartbeat_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "jobs_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "jobs_user_id_started_at_idx" ON "jobs"("user_id", "started_at" DESC);

-- CreateIndex
CREATE INDEX "jobs_finished_at_idx" ON "jobs"("finished_at");

-- AddForeignKey
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- Hand-written: the states a job can be in, and that it leaves "running" once, for good. A
-- finished job's row is a record: its state, result, error and output digest never change.
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_state_check" CHECK ("state" IN ('running', 'succeeded', 'failed', 'cancelled'));
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_finished_check" CHECK (("state" = 'running') = ("finished_at" IS NULL));

CREATE FUNCTION "jobs_state_one_way"() RETURNS TRIGGER LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."id" <> OLD."id" OR NEW."kind" <> OLD."kind" OR NEW."started_at" <> OLD."started_at"
     OR (NEW."user_id" IS NOT NULL AND NEW."user_id" IS DISTINCT FROM OLD."user_id") THEN
    RAISE EXCEPTION 'a job''s id, kind, requester and start time never change' USING ERRCODE = 'check_violation';
  END IF;
  -- Only the requester's deletion (ON DELETE SET NULL) may touch a finished job.
  IF OLD."state" <> 'running' AND
     (NEW."state", NEW."progress", NEW."result", NEW."error_code", NEW."error", NEW."output_bytes", NEW."output_sha256", NEW."heartbeat_at", NEW."finished_at")
     IS DISTINCT FROM
     (OLD."state", OLD."progress", OLD."result", OLD."error_code", OLD."error", OLD."output_bytes", OLD."output_sha256", OLD."heartbeat_at", OLD."finished_at") THEN
    RAISE EXCEPTION 'job % already finished (%)', OLD."id", OLD."state" USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER "jobs_state_one_way" BEFORE UPDATE ON "jobs"
  FOR EACH ROW EXECUTE FUNCTION "jobs_state_one_way"();
