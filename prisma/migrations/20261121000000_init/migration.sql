-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateExtension
CREATE EXTENSION IF NOT EXISTS "pg_trgm";

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "display_name" TEXT,
    "photo_url" TEXT,
    "is_admin" BOOLEAN NOT NULL DEFAULT false,
    "is_disabled" BOOLEAN NOT NULL DEFAULT false,
    "phone_number" TEXT,
    "address" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,
    "last_login" TIMESTAMPTZ(3),

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_sessions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" TEXT NOT NULL,
    "token_hash" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "auth_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "tickets" (
    "id" UUID NOT NULL,
    "control_number" TEXT NOT NULL,
    "ticket_number" INTEGER NOT NULL,
    "buyer_name" TEXT,
    "phone_number" TEXT,
    "email" TEXT,
    "address" TEXT,
    "payment_method" TEXT NOT NULL DEFAULT 'cash',
    "gcash_reference" TEXT,
    "payment_reference" TEXT,
    "status" TEXT NOT NULL DEFAULT 'active',
    "amount" DECIMAL(10,2) NOT NULL DEFAULT 50,
    "user_id" TEXT,
    "created_by_id" UUID,
    "creator_email" TEXT,
    "creator_name" TEXT,
    "creation_source" TEXT NOT NULL DEFAULT 'web',
    "event_name" TEXT,
    "registered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "tickets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ticket_attachments" (
    "id" UUID NOT NULL,
    "ticket_id" UUID NOT NULL,
    "file_name" TEXT NOT NULL,
    "file_size" INTEGER NOT NULL,
    "content_type" TEXT NOT NULL,
    "data" BYTEA NOT NULL,
    "uploaded_by" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ticket_attachments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "settings" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "site_name" TEXT NOT NULL DEFAULT '',
    "site_description" TEXT NOT NULL DEFAULT '',
    "max_ticket_limit" INTEGER NOT NULL DEFAULT 60000,
    "ticket_price" DECIMAL(10,2) NOT NULL DEFAULT 50,
    "email_notifications" BOOLEAN NOT NULL DEFAULT true,
    "sms_notifications" BOOLEAN NOT NULL DEFAULT false,
    "push_notifications" BOOLEAN NOT NULL DEFAULT true,
    "require_email_verification" BOOLEAN NOT NULL DEFAULT true,
    "enable_two_factor" BOOLEAN NOT NULL DEFAULT false,
    "session_timeout" INTEGER NOT NULL DEFAULT 30,
    "api_rate_limit" INTEGER NOT NULL DEFAULT 100,
    "enable_api_logging" BOOLEAN NOT NULL DEFAULT true,
    "primary_color" TEXT NOT NULL DEFAULT '#667eea',
    "dark_mode" BOOLEAN NOT NULL DEFAULT true,
    "ticket_prefix" TEXT NOT NULL DEFAULT 'B2K',
    "timezone" TEXT NOT NULL DEFAULT 'Asia/Manila',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "settings_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log" (
    "id" BIGSERIAL NOT NULL,
    "actor_id" UUID,
    "actor_email" TEXT,
    "action" TEXT NOT NULL,
    "entity_type" TEXT NOT NULL,
    "entity_id" TEXT,
    "before" JSONB,
    "after" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_log_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE UNIQUE INDEX "auth_sessions_token_hash_key" ON "auth_sessions"("token_hash");

-- CreateIndex
CREATE INDEX "auth_sessions_user_id_idx" ON "auth_sessions"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "tickets_control_number_key" ON "tickets"("control_number");

-- CreateIndex
CREATE UNIQUE INDEX "tickets_ticket_number_key" ON "tickets"("ticket_number");

-- CreateIndex
CREATE INDEX "tickets_created_at_idx" ON "tickets"("created_at" DESC);

-- CreateIndex
CREATE INDEX "tickets_registered_at_created_at_idx" ON "tickets"("registered_at", "created_at" DESC);

-- CreateIndex
CREATE INDEX "tickets_payment_method_idx" ON "tickets"("payment_method");

-- CreateIndex
CREATE INDEX "tickets_status_idx" ON "tickets"("status");

-- CreateIndex
CREATE INDEX "tickets_creator_email_idx" ON "tickets"("creator_email");

-- CreateIndex
CREATE INDEX "tickets_user_id_idx" ON "tickets"("user_id");

-- CreateIndex
CREATE INDEX "tickets_buyer_name_trgm_idx" ON "tickets" USING GIN ("buyer_name" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "tickets_email_trgm_idx" ON "tickets" USING GIN ("email" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "tickets_phone_number_trgm_idx" ON "tickets" USING GIN ("phone_number" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "tickets_control_number_trgm_idx" ON "tickets" USING GIN ("control_number" gin_trgm_ops);

-- CreateIndex
CREATE INDEX "ticket_attachments_ticket_id_idx" ON "ticket_attachments"("ticket_id");

-- CreateIndex
CREATE INDEX "audit_log_entity_type_entity_id_idx" ON "audit_log"("entity_type", "entity_id");

-- CreateIndex
CREATE INDEX "audit_log_created_at_idx" ON "audit_log"("created_at");

-- AddForeignKey
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ticket_attachments" ADD CONSTRAINT "ticket_attachments_ticket_id_fkey" FOREIGN KEY ("ticket_id") REFERENCES "tickets"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written below: invariants Prisma's schema language cannot express (the diff ignores them).

-- A ticket is registered exactly when its buyer name is a real one (SPEC section 4:
-- not empty and none of the placeholder names). registered_at is that flag, held by the database.
CREATE FUNCTION "ticket_buyer_is_real"(name TEXT) RETURNS BOOLEAN
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT name IS NOT NULL AND btrim(name) <> ''
        AND lower(btrim(name)) NOT IN ('n/a', 'unregistered buyer', 'unregistered', 'not registered') $$;

ALTER TABLE "tickets" ADD CONSTRAINT "tickets_registered_matches_buyer"
  CHECK (("registered_at" IS NOT NULL) = "ticket_buyer_is_real"("buyer_name"));
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_ticket_number_range"
  CHECK ("ticket_number" BETWEEN 1 AND 99999);

-- Settings: exactly one row.
ALTER TABLE "settings" ADD CONSTRAINT "settings_single_row" CHECK ("id" = 1);
INSERT INTO "settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;

-- The audit log is append-only.
CREATE FUNCTION "audit_log_append_only"() RETURNS TRIGGER
  LANGUAGE plpgsql
  AS $$ BEGIN RAISE EXCEPTION 'audit_log is append-only'; END $$;
CREATE TRIGGER "audit_log_no_update_or_delete" BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();
