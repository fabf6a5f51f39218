import "server-only";
import { dbEngine, sql } from "@/server/db/client";

// The embedded database has no autovacuum, so nothing ever ANALYZEs its tables: after a bulk job
// the planner still plans with the statistics of the empty or small tables it last saw (or none),
// and the next bulk read (the same file again, a 10,000-stub print) runs on those guesses. A bulk
// job refreshes them itself once it has committed (docs/decisions/265). PostgreSQL's autovacuum
// analyses a table after 10% of it changed, within a minute; there this does nothing.

/** The tables a bulk job writes whose statistics the next job's plans read. */
export type AnalysedTable = "tickets" | "payments" | "audit_log" | "ticket_stubs";

/** Fewer rows than this leave the statistics as good as they were. */
export const ANALYZE_AFTER_ROWS = 1_000;

/**
 * ANALYZE the tables on the embedded database after a job wrote `rowsWritten` rows to them; true if
 * it did. Never throws: the job has committed, and stale statistics only make later plans slower.
 */
export async function refreshStatistics(tables: AnalysedTable[], rowsWritten: number): Promise<boolean> {
  if (dbEngine() !== "pglite" || rowsWritten < ANALYZE_AFTER_ROWS || tables.length === 0) return false;
  try {
    await sql(`ANALYZE ${tables.map((t) => `"${t}"`).join(", ")}`);
    return true;
  } catch (error) {
    console.warn(`database: cannot refresh the planner's statistics: ${(error as Error).message.split("\n")[0]}`);
    return false;
  }
}
