import { describe, expect, it } from "vitest";
import { AUTH_FAILED_MESSAGE, GOOGLE_FAILED_MESSAGE, signInErrorMessage } from "@/components/auth/sign-in-errors";

describe("signInErrorMessage", () => {
  it("shows nothing without an error", () => {
    expect(signInErrorMessage(undefined)).toBeNull();
    expect(signInErrorMessage("")).toBeNull();
  });

  it("gives a refused email the exact not-authorized text", () => {
    const expected =
      "Your email is not authorized to access this application. Please contact the administrator for access.";
    expect(signInErrorMessage("AccessDenied")).toBe(expected);
    expect(signInErrorMessage("CredentialsSignin")).toBe(expected);
  });

  it("blames Google for a failed OAuth round trip", () => {
    expect(signInErrorMessage("OAuthCallbackError")).toBe(GOOGLE_FAILED_MESSAGE);
    expect(GOOGLE_FAILED_MESSAGE).toBe("Google authentication failed. Please try again.");
  });

  it("falls back to the generic message for anything else", () => {
    expect(signInErrorMessage("Configuration")).toBe(AUTH_FAILED_MESSAGE);
    expect(AUTH_FAILED_MESSAGE).toBe("Authentication failed. Please try again.");
  });
});
