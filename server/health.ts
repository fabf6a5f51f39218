import "server-only";
import { db } from "@/server/db/client";
import { unavailableReason } from "@/server/http/db-errors";

export type HealthReport = { status: "ok"; database: "ok" } | { status: "error"; database: string };

/** Pings the database; never throws. The failure names its cause (Prisma's own message is often empty). */
export async function checkHealth(): Promise<HealthReport> {
  try {
    await db().$queryRawUnsafe("SELECT 1");
    return { status: "ok", database: "ok" };
  } catch (error) {
    return { status: "error", database: `unreachable: ${unavailableReason(error)}` };
  }
}
