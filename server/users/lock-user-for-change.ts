import "server-only";
import type { Prisma, User } from "@/generated/prisma/client";
import { USER_NOT_FOUND_MESSAGE } from "@/lib/schemas/user";
import type { AuditActor } from "@/server/audit";
import { AppError, notFound } from "@/server/http/errors";

type Tx = Prisma.TransactionClient;

export interface LockedTarget {
  target: User;
  isSelf: boolean;
  /** The target is an enabled admin now. */
  isActiveAdmin: boolean;
  /** Enabled admins other than the target. */
  otherActiveAdmins: number;
}

/**
 * Locks every enabled admin row (in id order, so two callers never deadlock) and then the
 * target row, inside the caller's transaction. Two admins demoting each other at once are
 * serialized here: the second sees the first's change and is refused, so the last active
 * admin can never be removed. When the actor is a person (id set), they must still be an
 * enabled admin once the locks are held.
 */
export async function lockUserForChange(
  tx: Tx,
  options: { email: string; actor: AuditActor | null },
): Promise<LockedTarget> {
  const admins = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM users WHERE is_admin AND NOT is_disabled ORDER BY id FOR UPDATE`;
  const adminIds = new Set(admins.map((a) => a.id));
  if (options.actor?.id && !adminIds.has(options.actor.id)) {
    throw new AppError("forbidden", "Administrator access required");
  }
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id::text AS id FROM users WHERE email = ${options.email} FOR UPDATE`;
  const target = rows[0] ? await tx.user.findUnique({ where: { id: rows[0].id } }) : null;
  if (!target) throw notFound(USER_NOT_FOUND_MESSAGE);
  const isActiveAdmin = adminIds.has(target.id);
  return {
    target,
    isSelf: options.actor?.id === target.id,
    isActiveAdmin,
    otherActiveAdmins: adminIds.size - (isActiveAdmin ? 1 : 0),
  };
}
