import "server-only";
import type { AuditActor } from "@/server/audit";
import { requireActiveAdminActor } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { toUserListItem } from "@/server/users/serialize-user";

/** The whole allow-list, oldest first (admins see it in the Users tab; the CLI lists it too). */
export async function listUsers(options: { actor: AuditActor | null }) {
  await requireActiveAdminActor(db(), options.actor);
  const users = await db().user.findMany({ orderBy: [{ createdAt: "asc" }, { email: "asc" }] });
  return users.map(toUserListItem);
}
