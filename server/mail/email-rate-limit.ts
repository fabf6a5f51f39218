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
      `Too many emails: at most ${EMAILS_PER_MINUTE} can be sent a minute. Try again ` +
        `in ${row.retry_after} second${row.retry_after === 1 ? "" : "s"}.`,
      { headers: { "Retry-After": String(row.retry_after) } },
    );
  }
}

/**
 * Counts one e-mail against the installation's hour (the email_hourly_limit setting, all users
 * together; issue 25 item 11, docs/decisions/069). One conditional statement: the hour's row only
 * grows while it is under the limit, so concurrent senders on any instance never pass it. Rows of
 * hours more than a day old are removed on the way.
 */
export async function countInstallationEmail(): Promise<void> {
  const [row] = await db().$queryRaw<{ counted: boolean; hourly_limit: number; retry_after: number }[]>`
    WITH settings AS (SELECT email_hourly_limit AS hourly_limit FROM settings WHERE id = 1),
    swept AS (DELETE FROM email_hourly_counts WHERE hour < date_trunc('hour', now()) - interval '1 day'),
    counted AS (
      INSERT INTO email_hourly_counts AS c (hour, count)
      SELECT date_trunc('hour', now()), 1 FROM settings WHERE settings.hourly_limit >= 1
      ON CONFLICT (hour) DO UPDATE SET count = c.count + 1
        WHERE c.count < (SELECT hourly_limit FROM settings)
      RETURNING c.count
    )
    SELECT EXISTS (SELECT 1 FROM counted) AS counted, (SELECT hourly_limit FROM settings) AS hourly_limit,
      greatest(1, ceil(extract(epoch FROM date_trunc('hour', now()) + interval '1 hour' - now())))::int AS retry_after`;
  if (!row.counted) {
    throw new AppError(
      "rate_limited",
      `Too many emails: this installation sends at ` +
        `most ${row.hourly_limit.toLocaleString("en-US")} an hour. Try again ` +
        `in ${Math.ceil(row.retry_after / 60)} ` +
        `minute${Math.ceil(row.retry_after / 60) === 1 ? "" : "s"}.`,
      { headers: { "Retry-After": String(row.retry_after) } },
    );
  }
}
