import { describe, expect, it } from "vitest";
import { hasNextPage, nextPageParams } from "@/lib/queries/tickets";

describe("the Tickets screen's Next (decision 137)", () => {
  it("has a next page when the answer says so, else below the total", () => {
    expect(hasNextPage({ total: 25 }, { offset: 10, limit: 10 })).toBe(true);
    expect(hasNextPage({ total: 25 }, { offset: 20, limit: 10 })).toBe(false);
    expect(hasNextPage({ total: 30 }, { offset: 20, limit: 10 })).toBe(false);
    // Capped at 1,000: page 100 and beyond have a Next while the server found a row after the page.
    expect(hasNextPage({ total: 1000, hasNext: true }, { offset: 990, limit: 10 })).toBe(true);
    expect(hasNextPage({ total: 1000, hasNext: false }, { offset: 1000, limit: 10 })).toBe(false);
  });

  it("asks for the next page after the last row's cursor, dropping the current page's own cursor", () => {
    const params = {
      search: "maria",
      status: "registered" as const,
      limit: 10,
      offset: 20,
      count: "capped" as const,
      before: "2026-11-27T08:15:30.123Z_9",
    };
    expect(nextPageParams(params, { nextCursor: "2026-11-27T08:15:30.123Z_3" })).toEqual({
      search: "maria",
      status: "registered",
      limit: 10,
      offset: 30,
      count: "capped",
      after: "2026-11-27T08:15:30.123Z_3",
    });
    // No cursor in the answer (a caller that did not ask for one): by offset.
    expect(nextPageParams({ limit: 10, offset: 0 }, {})).toEqual({ limit: 10, offset: 10 });
  });
});
