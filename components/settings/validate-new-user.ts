import { addUserSchema, EMAIL_EXISTS_MESSAGE, normalizeEmail } from "@/lib/schemas/user";

/** SPEC section 5 (Add user): required fields, address pattern, then the case-insensitive duplicate check. */
export function validateNewUser(input: { email: string; displayName: string; isAdmin: boolean }, existingEmails: readonly string[]) {
  const parsed = addUserSchema.safeParse(input);
  if (!parsed.success) return { ok: false as const, message: parsed.error.issues[0].message };
  const taken = new Set(existingEmails.map(normalizeEmail));
  if (taken.has(parsed.data.email)) return { ok: false as const, message: EMAIL_EXISTS_MESSAGE };
  return { ok: true as const, value: parsed.data };
}
