import { describe, expect, it } from "vitest";
import { RAFFLE_STATUSES } from "@/lib/draw";
import {
  DRAW_COMMITTED_TEXT,
  isReadOnlyRaffle,
  RAFFLE_CLOSED_TEXT,
  raffleAllows,
  raffleNotice,
  SALES_CLOSED_TEXT,
} from "@/lib/raffle-allows";

const allowed = (status: (typeof RAFFLE_STATUSES)[number]) =>
  Object.entries(raffleAllows(status).refusals)
    .filter(([, refusal]) => refusal === null)
    .map(([write]) => write);

describe("what the raffle's state allows (decision 202)", () => {
  it("opens every write while selling and none once closed", () => {
    expect(allowed("selling")).toEqual([
      "sell",
      "generate",
      "changeTickets",
      "printStubs",
      "remit",
      "reconcile",
      "editPrizes",
    ]);
    expect(allowed("closed")).toEqual([]);
    expect(raffleAllows("closed").refusals.remit).toBe(RAFFLE_CLOSED_TEXT);
    expect(RAFFLE_STATUSES.filter(isReadOnlyRaffle)).toEqual(["closed"]);
  });

  it("stops sales at Close sales, and generation and prizes at the commit, as the database's triggers do", () => {
    expect(allowed("sales_closed")).toEqual([
      "generate",
      "changeTickets",
      "printStubs",
      "remit",
      "reconcile",
      "editPrizes",
    ]);
    expect(raffleAllows("sales_closed").refusals.sell).toBe(SALES_CLOSED_TEXT);
    for (const status of ["committed", "drawn", "published"] as const) {
      expect(allowed(status), status).toEqual(["changeTickets", "printStubs", "remit", "reconcile"]);
      expect(raffleAllows(status).refusals.generate).toBe(DRAW_COMMITTED_TEXT);
    }
  });

  it("gives a screen one sentence for what it offers, each reason once", () => {
    expect(raffleNotice("selling", ["sell", "generate"])).toBeNull();
    expect(raffleNotice("sales_closed", ["sell", "remit"])).toBe(SALES_CLOSED_TEXT);
    expect(raffleNotice("committed", ["sell", "generate"])).toBe(DRAW_COMMITTED_TEXT);
    expect(raffleNotice("closed", ["sell", "generate", "remit"])).toBe(RAFFLE_CLOSED_TEXT);
  });
});
