import { addUserSchema, EMAIL_EXISTS_MESSAGE, normalizeEmail } from "@/lib/schemas/user";

/**
 * The Add User form's schema (SPEC section 5): the API's own (required fields, then the address
 * pattern), then the case-insensitive duplicate check against the users already listed.
 */
export function newUserFormSchema(existingEmails: readonly string[]) {
  const taken = new Set(existingEmails.map(normalizeEmail));
  return addUserSchema.superRefine((value, ctx) => {
    if (taken.has(value.email)) ctx.addIssue({ code: "custom", path: ["email"], message: EMAIL_EXISTS_MESSAGE });
  });
}
