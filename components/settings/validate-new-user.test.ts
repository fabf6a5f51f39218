import { describe, expect, it } from "vitest";
import { validateNewUser } from "@/components/settings/validate-new-user";

const existing = ["admin@example.com", "Staff@Example.com"];

describe("validateNewUser", () => {
  it("requires both fields", () => {
    expect(validateNewUser({ email: "", displayName: "Ana", isAdmin: false }, existing)).toEqual({
      ok: false,
      message: "Email and display name are required",
    });
    expect(validateNewUser({ email: "ana@example.com", displayName: "  ", isAdmin: false }, existing)).toEqual({
      ok: false,
      message: "Email and display name are required",
    });
  });

  it("rejects an address without the simple pattern", () => {
    expect(validateNewUser({ email: "ana@example", displayName: "Ana", isAdmin: false }, existing)).toEqual({
      ok: false,
      message: "Please enter a valid email address",
    });
  });

  it("finds a duplicate whatever its case", () => {
    expect(validateNewUser({ email: " STAFF@example.COM ", displayName: "Staff", isAdmin: false }, existing)).toEqual({
      ok: false,
      message: "Email already exists in the list",
    });
  });

  it("sends the email lower-cased and the name trimmed", () => {
    expect(validateNewUser({ email: "Ana.Reyes@Example.com", displayName: " Ana Reyes ", isAdmin: true }, existing)).toEqual({
      ok: true,
      value: { email: "ana.reyes@example.com", displayName: "Ana Reyes", isAdmin: true },
    });
  });
});
