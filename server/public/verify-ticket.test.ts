// Issue 22: "The MAC is checked before any database read; a forged, truncated or unknown token …
// costs no query." The database is a spy here: refused tokens and wrong manual codes never reach it.
import { beforeEach, describe, expect, it, vi } from "vitest";

const sql = vi.fn();
vi.mock("@/server/db/client", () => ({ sql: (...args: unknown[]) => sql(...args), db: () => ({}) }));
const KEY = Buffer.alloc(32, 7);
vi.mock("@/server/stubs/verify-keys", () => ({ verifyKeys: async () => ({ "1": KEY }) }));
vi.mock("@/server/draw/ticket-draw-status", () => ({ ticketDrawStatus: async () => null }));

const { verifyManualCode, verifyToken } = await import("@/server/public/verify-ticket");
const { makeManualCode, makeVerifyToken } = await import("@/server/stubs/verify-token");

beforeEach(() => {
  sql.mockReset();
  sql.mockResolvedValue([]);
});

describe("the verify check's order of work", () => {
  it("refuses forged, altered and truncated tokens and wrong codes without a query", async () => {
    const good = makeVerifyToken(KEY, { ticketNumber: 42, qrVersion: 1 });
    const forged = [
      good.slice(0, -1) + (good.endsWith("A") ? "B" : "A"),
      good.slice(0, 20),
      "x",
      makeVerifyToken(Buffer.alloc(32, 8), { ticketNumber: 42, qrVersion: 1 }),
    ];
    for (const t of forged) expect(await verifyToken(t)).toEqual({ kind: "refused" });
    expect(await verifyManualCode("B2K-123-00042", "AAA-AAA")).toEqual({ kind: "refused" });
    expect(await verifyManualCode("not a number", makeManualCode(KEY, { ticketNumber: 42, qrVersion: 1 }))).toEqual({
      kind: "refused",
    });
    expect(sql).not.toHaveBeenCalled();
  });

  it("reads the ticket once the MAC is good (one query)", async () => {
    await verifyToken(makeVerifyToken(KEY, { ticketNumber: 42, qrVersion: 1 }));
    expect(sql).toHaveBeenCalledTimes(1);
  });
});
