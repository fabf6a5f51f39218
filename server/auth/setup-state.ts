import "server-only";
import { db } from "@/server/db/client";

/** False only before the first user exists: the login screen then says how to add one. */
export async function hasAnyUser(): Promise<boolean> {
  return (await db().user.findFirst({ select: { id: true } })) !== null;
}
