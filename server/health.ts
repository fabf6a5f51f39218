import "server-only";
import type { HealthReport } from "@/lib/schemas/health";
import { db } from "@/server/db/client";
import { unavailableReason } from "@/server/http/db-errors";

export type { HealthReport };

/** Pings the database; never throws. The failure names its cause (Prisma's own message is often empty). */
export async function checkHealth(): Promise<HealthReport> {
  try {
    await db().$queryRawUnsafe("SELECT 1");
    return { status: "ok", database: "ok" };
  } catch (error) {
    return { status: "error", database: `unreachable: ${unavailableReason(error)}` };
  }
}
