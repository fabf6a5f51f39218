import "server-only";
import { TEXT_LIMITS, hasControlChars, stripBidiControls } from "@/lib/schemas/text";
import { normalizeEmail } from "@/lib/schemas/user";
import type { SignInFailureReason } from "@/lib/audit-actions";
import { writeAudit } from "@/server/audit";
import { recordSignInFailure } from "@/server/auth/sign-in-failures";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";

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
  /** For the bound on refused sign-ins recorded per address (server/auth/sign-in-failures.ts). */
  clientAddress?: string | null;
  /** The Google account's `sub`: bound at the first Google sign-in, and required to match after. */
  googleSub?: string | null;
}) {
  const email = normalizeEmail(options.email);
  if (!email) return null;
  let refused: SignInFailureReason | null = null;
  const admitted = await db().$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { email } });
    if (!user || user.isDisabled) {
      refused = user ? "disabled" : "not_allowed";
      return null;
    }
    if (options.googleSub && !(await bindGoogleAccount(tx, user.id, options.googleSub))) {
      refused = "other_account";
      return null;
    }
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
  if (refused)
    await recordSignInFailure({
      email,
      reason: refused,
      method: options.method,
      clientAddress: options.clientAddress ?? null,
    });
  if (refused === "other_account") throw new AppError("google_account_mismatch", GOOGLE_ACCOUNT_MISMATCH_MESSAGE);
  return admitted;
}

export const GOOGLE_ACCOUNT_MISMATCH_MESSAGE =
  "This e-mail address is linked to a different Google account. An " +
  "administrator can reset the link under Settings → Users.";

/**
 * Binds the Google account to the user at their first Google sign-in, or checks it is the one
 * bound. The binding is conditional (`google_sub IS NULL`), so of two first sign-ins with
 * different accounts one binds and the other is refused; a trigger refuses any rebinding that
 * does not go through an administrator's reset (docs/decisions/065).
 */
async function bindGoogleAccount(tx: Prisma.TransactionClient, userId: string, sub: string): Promise<boolean> {
  await tx.$executeRaw`UPDATE users SET google_sub = ${sub}
    WHERE id = ${userId}::uuid AND google_sub IS NULL AND NOT EXISTS (SELECT 1 FROM users WHERE google_sub = ${sub})`;
  const [row] = await tx.$queryRaw<
    { google_sub: string | null }[]
  >`SELECT google_sub FROM users WHERE id = ${userId}::uuid`;
  // Unbound here means another user holds this account (its e-mail changed): not refused.
  return row.google_sub === null || row.google_sub === sub;
}

/** The enabled user with this email, or null: used when a cookie session is opened. */
export async function findActiveUserByEmail(email: string) {
  const user = await db().user.findUnique({ where: { email: normalizeEmail(email) } });
  return user && !user.isDisabled ? user : null;
}
