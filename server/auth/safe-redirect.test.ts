import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "@/server/auth/safe-redirect";

const own = ["http://127.0.0.1:3100", "https://raffle.example.org"];

describe("safeRedirectPath", () => {
  it("keeps relative paths with their query and hash", () => {
    expect(safeRedirectPath("/dashboard/overview?signedIn=1", own)).toBe("/dashboard/overview?signedIn=1");
    expect(safeRedirectPath("/login#x", own)).toBe("/login#x");
  });

  it("reduces an absolute URL on one of our origins to its path", () => {
    expect(safeRedirectPath("http://127.0.0.1:3100/dashboard/tickets", own)).toBe("/dashboard/tickets");
    expect(safeRedirectPath("https://raffle.example.org/login", own)).toBe("/login");
  });

  it("never leaves the app: other origins and protocol-relative URLs go to the dashboard", () => {
    expect(safeRedirectPath("https://evil.example.com/steal", own)).toBe("/dashboard/overview");
    expect(safeRedirectPath("//evil.example.com/steal", own)).toBe("/dashboard/overview");
    expect(safeRedirectPath("http://localhost:3100/x", own)).toBe("/dashboard/overview");
    expect(safeRedirectPath("javascript:alert(1)", own)).toBe("/dashboard/overview");
  });
});
