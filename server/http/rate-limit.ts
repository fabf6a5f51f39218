import "server-only";
import type { NextRequest } from "next/server";
import type { Principal } from "@/server/auth/principal";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import type { RequestTrack } from "@/server/http/request-log";

/** Probes must always answer, however busy the caller. */
const EXEMPT_PATHS = new Set(["/api/health"]);

/**
 * The caller's address: the last X-Forwarded-For entry, which is the one the nearest hop wrote
 * (`next start` writes the socket's address when the header is absent; a proxy appends the
 * client it saw). Null for a request that did not come over the network (tests calling a handler).
 */
export function clientAddress(req: Pick<NextRequest, "headers">): string | null {
  const forwarded = req.headers.get("x-forwarded-for");
  const last = forwarded
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean)
    .pop();
  return last || req.headers.get("x-real-ip")?.trim() || null;
}

/** Signed-in callers are counted per user (on every device), everyone else per address. */
export function rateLimitKey(req: Pick<NextRequest, "headers">, principal: Principal | null): string | null {
  if (principal) return `user:${principal.user.id}`;
  const address = clientAddress(req);
  return address ? `ip:${address}` : null;
}

interface CountRow {
  count: number;
  retry_after: number;
  api_rate_limit: number;
  enable_api_logging: boolean;
}

/**
 * The api_rate_limit setting: requests a clock minute per caller, counted in the database so
 * every instance shares one count (docs/decisions/026-rate-limit-and-request-log.md). The same
 * statement reads the settings the request needs, so the count costs the only round trip.
 * Records the caller and those settings on `track` for the request's log line; past the limit,
 * throws 429 `rate_limited` with Retry-After.
 */
export async function enforceRateLimit(options: { req: NextRequest; principal: Principal | null; track: RequestTrack }): Promise<void> {
  const { req, principal, track } = options;
  track.userId = principal?.user.id ?? null;
  if (EXEMPT_PATHS.has(req.nextUrl.pathname)) return;
  const key = rateLimitKey(req, principal);
  if (!key) return;
  const [row] = await db().$queryRaw<CountRow[]>`
    INSERT INTO api_rate_limits AS r (key, window_start, count)
    VALUES (${key}, date_trunc('minute', now()), 1)
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN r.window_start = EXCLUDED.window_start THEN r.count + 1 ELSE 1 END,
      window_start = EXCLUDED.window_start
    RETURNING r.count,
      greatest(1, ceil(extract(epoch FROM r.window_start + interval '1 minute' - now())))::int AS retry_after,
      (SELECT api_rate_limit FROM settings WHERE id = 1) AS api_rate_limit,
      (SELECT enable_api_logging FROM settings WHERE id = 1) AS enable_api_logging`;
  track.settings = { apiRateLimit: row.api_rate_limit, enableApiLogging: row.enable_api_logging };
  if (row.count === 1) pruneOldCounts();
  if (row.count > row.api_rate_limit) {
    throw new AppError(
      "rate_limited",
      `Too many requests: the limit is ${row.api_rate_limit} a minute. Try again in ${row.retry_after} second${row.retry_after === 1 ? "" : "s"}.`,
      { headers: { "Retry-After": String(row.retry_after) } },
    );
  }
}

/** Rows of callers gone quiet: removed now and then, off the request's path. */
function pruneOldCounts() {
  if (Math.random() >= 0.01) return;
  void db()
    .$executeRaw`DELETE FROM api_rate_limits WHERE window_start < now() - interval '10 minutes'`
    .catch(() => {});
}
