import { describe, expect, it } from "vitest";
import { hasActiveFilters, toSearchParams } from "./ticket-filter-params";

const plain = { q: "", status: "all", payment: "all", creator: "", page: 1, view: null } as const;

describe("toSearchParams", () => {
  it("asks for page 1 of the plain listing, 10 a page", () => {
    expect(toSearchParams(plain)).toEqual({
      search: undefined,
      status: "all",
      payment: undefined,
      user: undefined,
      limit: 10,
      offset: 0,
      count: "capped",
    });
  });
  it("passes the search, filters and page", () => {
    expect(
      toSearchParams({
        ...plain,
        q: "  maria ",
        status: "registered",
        payment: "gcash",
        creator: "a@example.com",
        page: 3,
      }),
    ).toEqual({
      search: "maria",
      status: "registered",
      payment: "gcash",
      user: "a@example.com",
      limit: 10,
      offset: 20,
      count: "capped",
    });
  });
  it("asks by the page's keyset cursor when Previous/Next reached it, by offset otherwise", () => {
    const cursor = "2026-11-27T08:15:30.123Z_42";
    expect(toSearchParams({ ...plain, page: 4, after: cursor })).toMatchObject({ offset: 30, after: cursor });
    expect(toSearchParams({ ...plain, page: 2, before: cursor })).toMatchObject({ offset: 10, before: cursor });
    // Page 1 is always the top of the list; a cursor the API did not give is not sent (the page by its offset).
    expect(toSearchParams({ ...plain, page: 1, after: cursor })).not.toHaveProperty("after");
    expect(toSearchParams({ ...plain, page: 3, after: "2026-11-27_42'; --" })).not.toHaveProperty("after");
    expect(toSearchParams({ ...plain, page: 3, after: cursor, before: cursor })).not.toHaveProperty("before");
  });
  it("reads a page below 1 as page 1", () => {
    expect(toSearchParams({ ...plain, page: 0 }).offset).toBe(0);
  });
});

describe("hasActiveFilters", () => {
  it("is false for the plain listing and true for any search or filter", () => {
    expect(hasActiveFilters(plain)).toBe(false);
    expect(hasActiveFilters({ ...plain, q: " " })).toBe(false);
    expect(hasActiveFilters({ ...plain, q: "x" })).toBe(true);
    expect(hasActiveFilters({ ...plain, status: "unregistered" })).toBe(true);
    expect(hasActiveFilters({ ...plain, payment: "cash" })).toBe(true);
    expect(hasActiveFilters({ ...plain, creator: "a@example.com" })).toBe(true);
  });
});
