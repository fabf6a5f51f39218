import "server-only";
import { db } from "@/server/db/client";
import { toUserListItem } from "@/server/users/serialize-user";

/** The whole allow-list, oldest first (admins see it in the Users tab). */
export async function listUsers() {
  const users = await db().user.findMany({ orderBy: [{ createdAt: "asc" }, { email: "asc" }] });
  return users.map(toUserListItem);
}
