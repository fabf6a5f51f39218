import { describe, expect, it } from "vitest";
import { hasActiveFilters, toSearchParams } from "./ticket-filter-params";

const plain = { q: "", status: "all", payment: "all", creator: "", page: 1, view: null } as const;

describe("toSearchParams", () => {
  it("asks for page 1 of the plain listing, 10 a page", () => {
    expect(toSearchParams(plain)).toEqual({ search: undefined, status: "all", payment: undefined, user: undefined, limit: 10, offset: 0 });
  });
  it("passes the search, filters and page", () => {
    expect(toSearchParams({ ...plain, q: "  maria ", status: "registered", payment: "gcash", creator: "a@example.com", page: 3 })).toEqual({
      search: "maria",
      status: "registered",
      payment: "gcash",
      user: "a@example.com",
      limit: 10,
      offset: 20,
    });
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
