import { describe, expect, it } from "vitest";
import { anyOf } from "@/lib/any-of";

describe("anyOf", () => {
  it("matches what any part matches, with the flags given, and keeps each part's escapes", () => {
    const re = anyOf([/Connection refused/, /connect ENOENT \S*\.s\.PGSQL\./], "i");
    expect(re.test("CONNECTION REFUSED by peer")).toBe(true);
    expect(re.test("connect ENOENT /run/postgresql/.s.PGSQL.5432")).toBe(true);
    expect(re.test("connect ENOENT /run/postgresql/xsxPGSQLx5432")).toBe(false);
    expect(re.test("Connection reset")).toBe(false);
  });

  it("keeps an alternation or anchor inside its own part", () => {
    const re = anyOf([/^a|b$/, /c/]);
    expect(re.source).toBe("(?:^a|b$)|(?:c)");
    expect(re.test("xa")).toBe(false);
    expect(re.test("xc")).toBe(true);
  });
});
