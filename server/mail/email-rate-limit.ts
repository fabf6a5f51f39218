import "server-only";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";

/** At most this many ticket e-mails a clock minute per user (docs/decisions/045). */
export const EMAILS_PER_MINUTE = 10;

/**
 * Counts one e-mail for the user in the database (the api_rate_limits table, under its own key),
 * so every instance shares the count; past the limit, 429 `rate_limited` with Retry-After.
 */
export async function countTicketEmail(userId: string): Promise<void> {
  const key = `mail:user:${userId}`;
  const [row] = await db().$queryRaw<{ count: number; retry_after: number }[]>`
    INSERT INTO api_rate_limits AS r (key, window_start, count)
    VALUES (${key}, date_trunc('minute', now()), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.window_start = EXCLUDED.window_start THEN r.count + 1 ELSE 1 END,
      window_start = EXCLUDED.window_start
    RETURNING r.count,
      greatest(1, ceil(extract(epoch FROM r.window_start + interval '1 minute' - now())))::int AS retry_after`;
  if (row.count > EMAILS_PER_MINUTE) {
    throw new AppError(
      "rate_limited",
      `Too many emails: at most ${EMAILS_PER_MINUTE} can be sent a minute. Try again in ${row.retry_after} second${row.retry_after === 1 ? "" : "s"}.`,
      { headers: { "Retry-After": String(row.retry_after) } },
    );
  }
}
