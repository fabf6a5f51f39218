import "server-only";
import { MAX_CUSTOM_RANGE } from "@/lib/constants";
import { effectiveTicketLimit, formatTicketNumber } from "@/lib/ticket-number";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { AppError } from "@/server/http/errors";
import { getSettings } from "@/server/settings/get-settings";
import { findAvailableRange } from "@/server/tickets/free-numbers";

/** The first run of n free consecutive numbers within the limit; 409 when there is none. */
export async function findAvailableRangeOrThrow(options: { count: string; principal: Principal }) {
  requireAdmin(options.principal);
  const rawCount = options.count;
  const count = /^\d+$/.test(rawCount) ? Number(rawCount) : NaN;
  if (!Number.isInteger(count) || count < 1 || count > MAX_CUSTOM_RANGE) {
    throw new AppError("validation_failed", "Count must be a whole number from 1 to 10,000");
  }
  const limit = effectiveTicketLimit((await getSettings()).maxTicketLimit);
  const range = await findAvailableRange({ count, limit });
  if (!range)
    throw new AppError(
      "limit_reached",
      `Ticket limit reached: no ${count} consecutive free ticket numbers within the maximum of ${limit}.`,
    );
  return {
    startRange: range.start,
    endRange: range.end,
    count,
    start_digits: formatTicketNumber(range.start),
    end_digits: formatTicketNumber(range.end),
  };
}
