-- AlterTable
ALTER TABLE "tickets" ADD COLUMN     "registered_by_id" UUID;

-- CreateTable
CREATE TABLE "used_id_tokens" (
    "token_hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "used_id_tokens_pkey" PRIMARY KEY ("token_hash")
);

-- CreateIndex
CREATE INDEX "used_id_tokens_expires_at_idx" ON "used_id_tokens"("expires_at");

-- AddForeignKey
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_registered_by_id_fkey" FOREIGN KEY ("registered_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
