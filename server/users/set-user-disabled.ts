import "server-only";
import { writeAudit, type AuditActor } from "@/server/audit";
import { db } from "@/server/db/client";
import { conflict } from "@/server/http/errors";
import { lockUserForChange } from "@/server/users/lock-user-for-change";
import { auditSnapshot } from "@/server/users/serialize-user";

/**
 * Disables (or, with disabled=false, re-enables) a user. Disabling revokes every session and
 * token of theirs at once, so re-enabling later does not bring old sessions back.
 */
export async function setUserDisabled(options: { email: string; disabled: boolean; actor: AuditActor | null }) {
  return db().$transaction(async (tx) => {
    const { target, isSelf, isActiveAdmin, otherActiveAdmins } = await lockUserForChange(tx, options);
    if (target.isDisabled === options.disabled) return target;
    if (options.disabled && isSelf) throw conflict("You cannot disable your own account");
    if (options.disabled && isActiveAdmin && otherActiveAdmins === 0)
      throw conflict("Cannot disable the last active administrator");
    const updated = await tx.user.update({ where: { id: target.id }, data: { isDisabled: options.disabled } });
    if (options.disabled) {
      await tx.authSession.updateMany({
        where: { userId: target.id, revokedAt: null },
        data: { revokedAt: new Date() },
      });
    }
    await writeAudit(tx, {
      actor: options.actor,
      action: options.disabled ? "user.disable" : "user.enable",
      entityType: "user",
      entityId: target.id,
      before: auditSnapshot(target),
      after: auditSnapshot(updated),
    });
    return updated;
  });
}
