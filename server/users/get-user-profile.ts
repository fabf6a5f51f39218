import "server-only";
import { USER_NOT_FOUND_MESSAGE } from "@/lib/schemas/user";
import type { SessionUser } from "@/server/auth/sessions";
import { db } from "@/server/db/client";
import { AppError, notFound } from "@/server/http/errors";
import { toAuthUser } from "@/server/users/serialize-user";

/**
 * A user's profile. Anyone may read their own; only admins may read another's (a non-admin
 * asking about someone else gets 403 whether or not that email exists, so nothing leaks).
 */
export async function getUserProfile(options: { viewer: SessionUser; email?: string }) {
  if (!options.email || options.email === options.viewer.email) return toAuthUser(options.viewer);
  if (!options.viewer.isAdmin) throw new AppError("forbidden", "Only administrators can view other users' profiles");
  const user = await db().user.findUnique({ where: { email: options.email } });
  if (!user) throw notFound(USER_NOT_FOUND_MESSAGE);
  return { ...toAuthUser(user), isDisabled: user.isDisabled, is_disabled: user.isDisabled };
}
