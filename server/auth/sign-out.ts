"use server";
import "server-only";
import { cookies } from "next/headers";
import { readSessionIdFromCookies } from "@/server/auth/cookie-session";
import { signOut } from "@/server/auth/next-auth";
import { revokeSession } from "@/server/auth/sessions";

/**
 * Server action for the account menu's 'Sign Out': revokes this browser's session row (so a
 * copied cookie is dead too) and clears the Auth.js cookie. It does not redirect: a redirect
 * thrown from a server action reaches the caller's `catch` as an error ('Sign out failed'
 * beside 'Signed out successfully'); the account menu loads /login itself once this resolves.
 */
export async function signOutCurrentSession(): Promise<void> {
  const sessionId = await readSessionIdFromCookies(await cookies());
  if (sessionId) await revokeSession(sessionId);
  await signOut({ redirect: false });
}
