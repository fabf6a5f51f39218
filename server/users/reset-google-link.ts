import "server-only";
import { writeAudit, type AuditActor } from "@/server/audit";
import { db } from "@/server/db/client";
import { lockUserForChange } from "@/server/users/lock-user-for-change";
import { auditSnapshot } from "@/server/users/serialize-user";

/**
 * Forgets the Google account bound to a user (docs/decisions/065): their next Google sign-in
 * binds whichever account it comes from. For a person who lost or replaced their Google
 * account; audited. A user with no binding is left as is (nothing written).
 */
export async function resetGoogleLink(options: { email: string; actor: AuditActor | null }) {
  return db().$transaction(async (tx) => {
    const { target } = await lockUserForChange(tx, options);
    if (target.googleSub === null) return target;
    const updated = await tx.user.update({ where: { id: target.id }, data: { googleSub: null } });
    await writeAudit(tx, {
      actor: options.actor,
      action: "user.google_link_reset",
      entityType: "user",
      entityId: target.id,
      before: auditSnapshot(target),
      after: auditSnapshot(updated),
    });
    return updated;
  });
}
