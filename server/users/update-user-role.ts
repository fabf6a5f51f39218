import "server-only";
import { writeAudit, type AuditActor } from "@/server/audit";
import { db } from "@/server/db/client";
import { conflict } from "@/server/http/errors";
import { lockUserForChange } from "@/server/users/lock-user-for-change";
import { auditSnapshot } from "@/server/users/serialize-user";

/** Grants or revokes admin. Nobody demotes themselves, and the last active admin stays one. */
export async function updateUserRole(options: { email: string; isAdmin: boolean; actor: AuditActor | null }) {
  return db().$transaction(async (tx) => {
    const { target, isSelf, isActiveAdmin, otherActiveAdmins } = await lockUserForChange(tx, options);
    if (target.isAdmin === options.isAdmin) return target;
    if (!options.isAdmin && isSelf) throw conflict("You cannot remove your own administrator access");
    if (!options.isAdmin && isActiveAdmin && otherActiveAdmins === 0) {
      throw conflict("Cannot remove administrator access from the last active administrator");
    }
    const updated = await tx.user.update({ where: { id: target.id }, data: { isAdmin: options.isAdmin } });
    await writeAudit(tx, {
      actor: options.actor,
      action: options.isAdmin ? "user.promote" : "user.demote",
      entityType: "user",
      entityId: target.id,
      before: auditSnapshot(target),
      after: auditSnapshot(updated),
    });
    return updated;
  });
}
