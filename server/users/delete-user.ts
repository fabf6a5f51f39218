import "server-only";
import { writeAudit, type AuditActor } from "@/server/audit";
import { db } from "@/server/db/client";
import { conflict } from "@/server/http/errors";
import { lockUserForChange } from "@/server/users/lock-user-for-change";
import { auditSnapshot } from "@/server/users/serialize-user";

/** Removes a user from the allow-list for good; their sessions go with them (cascade). */
export async function deleteUser(options: { email: string; actor: AuditActor | null }) {
  return db().$transaction(async (tx) => {
    const { target, isSelf, isActiveAdmin, otherActiveAdmins } = await lockUserForChange(tx, options);
    if (isSelf) throw conflict("You cannot delete your own account");
    if (isActiveAdmin && otherActiveAdmins === 0) throw conflict("Cannot delete the last active administrator");
    await tx.user.delete({ where: { id: target.id } });
    await writeAudit(tx, { actor: options.actor, action: "user.delete", entityType: "user", entityId: target.id, before: auditSnapshot(target) });
    return target;
  });
}
