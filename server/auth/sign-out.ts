"use server";
import "server-only";
import { cookies } from "next/headers";
import { readSessionIdFromCookies } from "@/server/auth/cookie-session";
import { signOut } from "@/server/auth/next-auth";
import { revokeSession } from "@/server/auth/sessions";

/**
 * Server action for the account menu's 'Sign Out': revokes this browser's session row (so a
 * copied cookie is dead too), clears the Auth.js cookie and redirects to /login.
 */
export async function signOutCurrentSession(): Promise<void> {
  const sessionId = await readSessionIdFromCookies(await cookies());
  if (sessionId) await revokeSession(sessionId);
  await signOut({ redirectTo: "/login" });
}
