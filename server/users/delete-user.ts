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
    // Seller accountability (issue 20, docs/decisions/090): a user whose stubs, sales, remittances or
    // adjustments are on the books stays, disabled; the foreign keys (ON DELETE RESTRICT) hold it too.
    const [records] = await tx.$queryRaw<{ held: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM stub_allocations WHERE seller_id = ${target.id}::uuid OR allocated_by_id =
      ${target.id}::uuid)
        OR EXISTS (SELECT 1 FROM remittances WHERE seller_id = ${target.id}::uuid OR received_by_id =
      ${target.id}::uuid)
        OR EXISTS (SELECT 1 FROM remittance_adjustments WHERE seller_id = ${target.id}::uuid OR created_by_id =
      ${target.id}::uuid)
        OR EXISTS (SELECT 1 FROM tickets WHERE registered_by_id = ${target.id}::uuid) AS held`;
    if (records?.held)
      throw conflict(
        `${target.email} has seller records (stubs, sales or remittances): disable the account instead of deleting it`,
      );
    await tx.user.delete({ where: { id: target.id } });
    await writeAudit(tx, {
      actor: options.actor,
      action: "user.delete",
      entityType: "user",
      entityId: target.id,
      before: auditSnapshot(target),
    });
    return target;
  });
}
