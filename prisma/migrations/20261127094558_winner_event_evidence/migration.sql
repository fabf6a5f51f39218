-- CreateTable
CREATE TABLE "winner_event_evidence" (
    "id" UUID NOT NULL DEFAULT gen_random_uuid(),
    "event_id" BIGINT NOT NULL,
    "file_name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "file_size" INTEGER NOT NULL,
    "sha256" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "uploaded_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "winner_event_evidence_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "winner_event_evidence_event_id_idx" ON "winner_event_evidence"("event_id");

-- AddForeignKey
ALTER TABLE "winner_event_evidence" ADD CONSTRAINT "winner_event_evidence_event_id_fkey" FOREIGN KEY ("event_id") REFERENCES "winner_events"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- Evidence is kept as the events are: never changed, never removed (RF006, 409 conflict).
CREATE TRIGGER "winner_event_evidence_append_only" BEFORE UPDATE OR DELETE ON "winner_event_evidence" FOR EACH ROW EXECUTE FUNCTION "draw_records_append_only"();
CREATE TRIGGER "winner_event_evidence_no_truncate" BEFORE TRUNCATE ON "winner_event_evidence" FOR EACH STATEMENT EXECUTE FUNCTION "draw_records_append_only"();
ALTER TABLE "winner_event_evidence" ADD CONSTRAINT "winner_event_evidence_file_check" CHECK ("file_size" > 0 AND "sha256" ~ '^[0-9a-f]{64}$');
