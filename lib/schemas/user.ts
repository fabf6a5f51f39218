// Payloads of the /api/auth/* user calls, shared by the Users tab form, the route handlers
// and the users CLI. Messages are SPEC section 5's (Add user).
import { z } from "zod";
import { TEXT_LIMITS, stripBidiControls, text, textProblem, textRules } from "@/lib/schemas/text";

export const EMAIL_REQUIRED_MESSAGE = "Email and display name are required";
export const EMAIL_INVALID_MESSAGE = "Please enter a valid email address";
export const EMAIL_EXISTS_MESSAGE = "Email already exists in the list";
export const USER_NOT_FOUND_MESSAGE = "User not found";

/** The spec's "simple address pattern": something@something.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Emails are compared and stored lower-cased and trimmed. */
export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

/** An email naming an existing user: trimmed, lower-cased, pattern-checked. */
export const emailSchema = textRules(
  text({ error: "Email is required" }).trim().min(1, "Email is required").toLowerCase(),
  {
    label: "Email",
    max: TEXT_LIMITS.email,
  },
).regex(EMAIL_PATTERN, EMAIL_INVALID_MESSAGE);

/**
 * Add user: both fields required first (one message for either), then the address pattern,
 * in the order the form shows them.
 */
export const addUserSchema = z
  .object({
    email: z.string().optional(),
    displayName: z.string().optional(),
    isAdmin: z.boolean().default(false),
  })
  .transform((value, ctx) => {
    const email = normalizeEmail(stripBidiControls(value.email ?? ""));
    const displayName = stripBidiControls(value.displayName ?? "").trim();
    if (!email || !displayName) {
      ctx.addIssue({ code: "custom", path: [email ? "displayName" : "email"], message: EMAIL_REQUIRED_MESSAGE });
      return z.NEVER;
    }
    const emailProblem = textProblem(email, { label: "Email", max: TEXT_LIMITS.email });
    if (emailProblem || !EMAIL_PATTERN.test(email)) {
      ctx.addIssue({ code: "custom", path: ["email"], message: emailProblem ?? EMAIL_INVALID_MESSAGE });
      return z.NEVER;
    }
    const nameProblem = textProblem(displayName, { label: "Display name", max: TEXT_LIMITS.displayName });
    if (nameProblem) {
      ctx.addIssue({ code: "custom", path: ["displayName"], message: nameProblem });
      return z.NEVER;
    }
    return { email, displayName, isAdmin: value.isAdmin };
  });
export type AddUserInput = z.input<typeof addUserSchema>;

export const updateUserRoleSchema = z.object({
  email: emailSchema,
  isAdmin: z.boolean({ error: "isAdmin must be true or false" }),
});

/** `disabled` defaults to true (the spec's call sends only the email); false re-enables. */
export const disableUserSchema = z.object({
  email: emailSchema,
  disabled: z.boolean().default(true),
});

export const deleteUserSchema = z.object({ email: emailSchema });

/** POST /api/auth/reset-google-link: forget the Google account bound to this e-mail. */
export const resetGoogleLinkSchema = z.object({ email: emailSchema });

/** check-admin: an email is optional; absent means "me". */
export const checkAdminSchema = z.object({ email: emailSchema.optional() });

export const verifyTokenSchema = z.object({
  token: z.string().max(TEXT_LIMITS.idToken, `token must be at most ${TEXT_LIMITS.idToken} characters.`).optional(),
});

export const googleSignInSchema = z.object({
  idToken: z
    .string({ error: "idToken is required" })
    .min(1, "idToken is required")
    .max(TEXT_LIMITS.idToken, `idToken must be at most ${TEXT_LIMITS.idToken} characters.`),
  // Sent by the clients but never trusted (the verified token's email is used): only bounded.
  email: z.string().max(TEXT_LIMITS.email).optional(),
  displayName: z.string().max(TEXT_LIMITS.displayName).optional(),
});

export const ROLES = ["admin", "user"] as const;
export type Role = (typeof ROLES)[number];

const instant = z.iso.datetime({ offset: true });

/** The user object of sign-in, verify-token, check-admin and profile answers. */
export const authUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string().nullable(),
  photoURL: z.string().nullable(),
  isAdmin: z.boolean(),
  is_admin: z.boolean(),
  role: z.enum(ROLES),
});
export type AuthUser = z.infer<typeof authUserSchema>;

/** GET /api/auth/profile: the caller's own account. */
export const profileAnswerSchema = z.object({ success: z.literal(true), user: authUserSchema });

/** An account as an administrator sees another's: whether it is disabled too. */
const viewedUserSchema = authUserSchema.extend({
  isDisabled: z.boolean().optional(),
  is_disabled: z.boolean().optional(),
});

/** GET /api/auth/profile/{email}: one's own account, or (administrators) another's with whether it is disabled. */
export const profileByEmailAnswerSchema = z.object({ success: z.literal(true), user: viewedUserSchema });
export type ProfileByEmailAnswer = z.infer<typeof profileByEmailAnswerSchema>;

/** POST /api/auth/google-signin: the bearer token for the allow-listed account a Google ID token names. */
export const googleSignedInSchema = z.object({ success: z.literal(true), user: authUserSchema, token: z.string() });
export type GoogleSignedIn = z.infer<typeof googleSignedInSchema>;

/** POST /api/auth/verify-token: the token (or the caller's own credentials) is good, and whose it is. */
export const verifyTokenAnswerSchema = z.object({
  success: z.literal(true),
  valid: z.literal(true),
  user: authUserSchema,
});
export type VerifyTokenAnswer = z.infer<typeof verifyTokenAnswerSchema>;

/** POST /api/auth/check-admin: an administrator asking about someone else also sees whether they are disabled. */
export const checkAdminAnswerSchema = z.object({
  success: z.literal(true),
  isAdmin: z.boolean(),
  is_admin: z.boolean(),
  user: viewedUserSchema,
});
export type CheckAdminAnswer = z.infer<typeof checkAdminAnswerSchema>;

/** A row of GET /api/auth/users. */
export const userListItemSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  display_name: z.string().nullable(),
  is_admin: z.boolean(),
  is_disabled: z.boolean(),
  role: z.enum(ROLES),
  created_at: instant,
  last_login: instant.nullable(),
  phone_number: z.string().nullable(),
  address: z.string().nullable(),
  /** A Google account is bound to this e-mail (its first Google sign-in); an admin can reset it. */
  google_linked: z.boolean(),
});
export type UserListItem = z.infer<typeof userListItemSchema>;

/** GET /api/auth/users: the allow-list, oldest first. */
export const usersAnswerSchema = z.object({ success: z.literal(true), users: z.array(userListItemSchema) });
export type UsersAnswer = z.infer<typeof usersAnswerSchema>;

/** Add user, change role, disable or enable, reset the Google link: the user as saved. */
export const userSavedSchema = z.object({ success: z.literal(true), message: z.string(), user: userListItemSchema });
export type UserSaved = z.infer<typeof userSavedSchema>;
