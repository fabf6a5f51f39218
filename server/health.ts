import "server-only";
import { db } from "@/server/db/client";

export type HealthReport = { status: "ok"; database: "ok" } | { status: "error"; database: string };

/** Pings the database; never throws. */
export async function checkHealth(): Promise<HealthReport> {
  try {
    await db().$queryRawUnsafe("SELECT 1");
    return { status: "ok", database: "ok" };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { status: "error", database: `unreachable: ${reason}` };
  }
}
