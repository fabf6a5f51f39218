import "server-only";
import type { Principal } from "@/server/auth/principal";
import { AppError } from "@/server/http/errors";

/**
 * The statistics for every signed-in user still refuse a caller without a principal, whatever
 * route, action or script reaches them. A principal exists only for an enabled user whose session
 * was re-read for this request (server/auth/sessions.ts).
 */
export function requireSignedIn(principal: Principal | null | undefined): asserts principal is Principal {
  if (!principal) throw new AppError("unauthorized", "Authentication required");
}
