import "server-only";
import { EMAIL_EXISTS_MESSAGE, normalizeEmail } from "@/lib/schemas/user";
import { writeAudit, type AuditActor } from "@/server/audit";
import { requireActiveAdminActor } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { conflict } from "@/server/http/errors";
import { auditSnapshot } from "@/server/users/serialize-user";

function isUniqueViolation(error: unknown) {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === "P2002" || /unique constraint/i.test(e?.message ?? "");
}

/** Adds an email to the allow-list (stored lower-cased); a duplicate is a 409. */
export async function addUser(options: {
  email: string;
  displayName: string;
  isAdmin: boolean;
  actor: AuditActor | null;
}) {
  const email = normalizeEmail(options.email);
  try {
    return await db().$transaction(async (tx) => {
      await requireActiveAdminActor(tx, options.actor);
      if (await tx.user.findUnique({ where: { email }, select: { id: true } })) throw conflict(EMAIL_EXISTS_MESSAGE);
      const user = await tx.user.create({
        data: { email, displayName: options.displayName.trim(), isAdmin: options.isAdmin },
      });
      await writeAudit(tx, {
        actor: options.actor,
        action: "user.create",
        entityType: "user",
        entityId: user.id,
        after: auditSnapshot(user),
      });
      return user;
    });
  } catch (error) {
    // Two adds of one email at once: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error)) throw conflict(EMAIL_EXISTS_MESSAGE);
    throw error;
  }
}
