import "server-only";
import { TEXT_LIMITS, hasControlChars, stripBidiControls } from "@/lib/schemas/text";
import { normalizeEmail } from "@/lib/schemas/user";
import { writeAudit } from "@/server/audit";
import { db } from "@/server/db/client";

export type SignInMethod = "google" | "google-id-token" | "dev-login";

/**
 * The allow-list gate shared by the browser sign-in (Auth.js) and the mobile sign-in (ID
 * token): the email, lower-cased and trimmed, must name an enabled user. On success it
 * records last_login and the name and photo the identity provider gave, with an audit row,
 * and returns the user; otherwise null (the caller refuses with the exact spec message).
 */
/**
 * The name the identity provider gave, made safe to store and show: bidi controls removed,
 * control characters replaced by spaces, cut to the display name's limit. Empty → null.
 */
export function cleanProviderName(name: string | null | undefined): string | null {
  if (!name) return null;
  let cleaned = "";
  for (const c of stripBidiControls(name).trim()) {
    if (cleaned.length + c.length > TEXT_LIMITS.displayName) break; // never half an emoji
    cleaned += hasControlChars(c) ? " " : c;
  }
  return cleaned.trim() || null;
}

export async function authorizeSignIn(options: {
  email: string;
  displayName?: string | null;
  photoUrl?: string | null;
  method: SignInMethod;
}) {
  const email = normalizeEmail(options.email);
  if (!email) return null;
  return db().$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email } });
    if (!user || user.isDisabled) return null;
    const updated = await tx.user.update({
      where: { id: user.id },
      data: {
        lastLogin: new Date(),
        displayName: cleanProviderName(options.displayName) || user.displayName,
        photoUrl: options.photoUrl?.trim() || user.photoUrl,
      },
    });
    await writeAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: "user.sign_in",
      entityType: "user",
      entityId: user.id,
      after: { method: options.method },
    });
    return updated;
  });
}

/** The enabled user with this email, or null: used when a cookie session is opened. */
export async function findActiveUserByEmail(email: string) {
  const user = await db().user.findUnique({ where: { email: normalizeEmail(email) } });
  return user && !user.isDisabled ? user : null;
}
