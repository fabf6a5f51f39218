import { describe, expect, it } from "vitest";
import { newUserFormSchema } from "@/components/settings/new-user-form-schema";

const existing = ["admin@example.com", "Staff@Example.com"];

/** The form's answer: the first problem (what the form shows), or the payload it sends. */
function validateNewUser(input: { email: string; displayName: string; isAdmin: boolean }, emails: readonly string[]) {
  const parsed = newUserFormSchema(emails).safeParse(input);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: parsed.error.issues[0].message, path: parsed.error.issues[0].path };
}

describe("newUserFormSchema", () => {
  it("requires both fields", () => {
    expect(validateNewUser({ email: "", displayName: "Ana", isAdmin: false }, existing)).toEqual({
      ok: false,
      message: "Email and display name are required",
      path: ["email"],
    });
    expect(validateNewUser({ email: "ana@example.com", displayName: "  ", isAdmin: false }, existing)).toEqual({
      ok: false,
      message: "Email and display name are required",
      path: ["displayName"],
    });
  });

  it("rejects an address without the simple pattern", () => {
    expect(validateNewUser({ email: "ana@example", displayName: "Ana", isAdmin: false }, existing)).toEqual({
      ok: false,
      message: "Please enter a valid email address",
      path: ["email"],
    });
  });

  it("finds a duplicate whatever its case", () => {
    expect(validateNewUser({ email: " STAFF@example.COM ", displayName: "Staff", isAdmin: false }, existing)).toEqual({
      ok: false,
      message: "Email already exists in the list",
      path: ["email"],
    });
  });

  it("sends the email lower-cased and the name trimmed", () => {
    expect(
      validateNewUser({ email: "Ana.Reyes@Example.com", displayName: " Ana Reyes ", isAdmin: true }, existing),
    ).toEqual({
      ok: true,
      value: { email: "ana.reyes@example.com", displayName: "Ana Reyes", isAdmin: true },
    });
  });
});
