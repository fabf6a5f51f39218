-- AlterTable
ALTER TABLE "api_rate_limits" ADD COLUMN     "previous_count" INTEGER NOT NULL DEFAULT 0;
