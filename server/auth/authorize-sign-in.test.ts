import { describe, expect, it } from "vitest";
import { cleanProviderName } from "@/server/auth/authorize-sign-in";

describe("cleanProviderName", () => {
  it("drops bidi controls, blanks control characters and keeps at most 100 characters", () => {
    expect(cleanProviderName("\u202EAda\u0007 Lovelace ")).toBe("Ada  Lovelace");
    expect(cleanProviderName("😀".repeat(80))).toBe("😀".repeat(50));
    expect(cleanProviderName("\u202E")).toBeNull();
    expect(cleanProviderName(null)).toBeNull();
  });
});
