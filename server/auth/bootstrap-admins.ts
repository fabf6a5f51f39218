import "server-only";
import { normalizeEmail } from "@/lib/schemas/user";
import { writeAudit } from "@/server/audit";
import { db } from "@/server/db/client";

const BOOTSTRAP_ACTOR = { id: null, email: "system:ADMIN_EMAILS" };

/**
 * Adds each ADMIN_EMAILS address as an admin if it is not on the allow-list yet. An address
 * already there is left exactly as it is: never promoted, demoted or re-enabled, so removing
 * an admin in the app sticks across restarts. Returns the addresses added.
 */
export async function bootstrapAdmins(emails: string[]): Promise<string[]> {
  const wanted = [...new Set(emails.map(normalizeEmail).filter(Boolean))];
  if (wanted.length === 0) return [];
  return db().$transaction(async (tx) => {
    const added: string[] = [];
    for (const email of wanted) {
      // ON CONFLICT: two instances starting at once add each address once, without an error.
      const rows = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO users (id, email, display_name, is_admin, updated_at)
        VALUES (gen_random_uuid(), ${email}, NULL, true, now())
        ON CONFLICT (email) DO NOTHING
        RETURNING id::text AS id`;
      if (!rows[0]) continue;
      added.push(email);
      await writeAudit(tx, {
        actor: BOOTSTRAP_ACTOR,
        action: "user.create",
        entityType: "user",
        entityId: rows[0].id,
        after: { email, displayName: null, isAdmin: true, isDisabled: false },
      });
    }
    return added;
  });
}
