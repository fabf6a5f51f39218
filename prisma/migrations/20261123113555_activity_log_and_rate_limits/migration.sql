-- CreateTable (UNLOGGED by hand: request counters need no crash safety and no WAL)
CREATE UNLOGGED TABLE "api_rate_limits" (
    "key" TEXT NOT NULL,
    "window_start" TIMESTAMPTZ(3) NOT NULL,
    "count" INTEGER NOT NULL,

    CONSTRAINT "api_rate_limits_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "api_rate_limits_window_start_idx" ON "api_rate_limits"("window_start");

-- CreateIndex
CREATE INDEX "audit_log_action_created_at_idx" ON "audit_log"("action", "created_at" DESC);

-- CreateIndex
CREATE INDEX "audit_log_actor_email_created_at_idx" ON "audit_log"("actor_email", "created_at" DESC);
