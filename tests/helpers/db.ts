import { db } from "@/server/db/client";
import { resetRateLimiter } from "@/server/http/rate-limit";

/** Empties every table and restores the default settings; files call it in beforeEach. */
export async function resetDb() {
  // The rate limiter's per-process counts go with the table they are added to.
  resetRateLimiter();
  await db().$executeRawUnsafe(
    `TRUNCATE TABLE ticket_attachments, tickets, auth_sessions, users, audit_log, used_id_tokens, api_rate_limits RESTART IDENTITY CASCADE`,
  );
  await db().$executeRawUnsafe(`DELETE FROM settings`);
  await db().$executeRawUnsafe(`INSERT INTO settings (id) VALUES (1)`);
}
