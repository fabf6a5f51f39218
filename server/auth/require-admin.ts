import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import type { AuditActor } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { AppError } from "@/server/http/errors";

type Tx = Prisma.TransactionClient;

/**
 * Services check the caller themselves, not only the route wrapper: a service reached from a
 * new route, a server action or a script still refuses a non-admin. The principal's user was
 * re-read from the database for this request, so a demotion takes effect at once.
 */
export function requireAdmin(principal: Principal): void {
  if (!principal.user.isAdmin) {
    throw new AppError("forbidden", "Administrator access required");
  }
}

/**
 * For services that also serve the server's own console (the users CLI, whose audit actor has
 * no id): a person acting must be an enabled administrator, read inside the caller's transaction.
 */
export async function requireActiveAdminActor(tx: Tx, actor: AuditActor | null): Promise<void> {
  if (!actor?.id) return;
  const row = await tx.user.findUnique({ where: { id: actor.id }, select: { isAdmin: true, isDisabled: true } });
  if (!row?.isAdmin || row.isDisabled) throw new AppError("forbidden", "Administrator access required");
}
