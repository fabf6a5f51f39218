import { describe, expect, it } from "vitest";
import {
  SINGLE_LOOKUP_DEBOUNCE_MS,
  SINGLE_LOOKUP_WAIT_MS,
  UNREGISTERED_SEARCH_DEBOUNCE_MS,
  mergeRegisteredRows,
  pageCount,
  wait,
  type TicketSummary,
} from "@/lib/registration";

const ticket = (n: number): TicketSummary => ({
  id: `id-${n}`,
  control_number: `B2K-100-${String(n).padStart(5, "0")}`,
  last_5_digits: String(n).padStart(5, "0"),
  payment_method: "cash",
  amount: 50,
});

describe("registration timings (SPEC sections 4 and 9)", () => {
  it("are the spec's figures", () => {
    expect(SINGLE_LOOKUP_DEBOUNCE_MS).toBe(800);
    expect(SINGLE_LOOKUP_WAIT_MS).toBe(1500);
    expect(UNREGISTERED_SEARCH_DEBOUNCE_MS).toBe(500);
  });
});

describe("mergeRegisteredRows", () => {
  it("shows the page as sent when nothing was registered meanwhile", () => {
    expect(mergeRegisteredRows([ticket(1), ticket(2)], [])).toEqual([{ ticket: ticket(1) }, { ticket: ticket(2) }]);
  });

  it("puts a ticket registered meanwhile back where it was, marked with its buyer", () => {
    const rows = mergeRegisteredRows(
      [ticket(1), ticket(3), ticket(4)],
      [{ ticket: ticket(2), buyer: "Juan", index: 1 }],
    );
    expect(rows.map((r) => [r.ticket.id, r.registeredTo])).toEqual([
      ["id-1", undefined],
      ["id-2", "Juan"],
      ["id-3", undefined],
      ["id-4", undefined],
    ]);
  });

  it("keeps several in their order, and one past the end at the end", () => {
    const rows = mergeRegisteredRows(
      [ticket(2)],
      [
        { ticket: ticket(9), buyer: "Late", index: 7 },
        { ticket: ticket(1), buyer: "First", index: 0 },
      ],
    );
    expect(rows.map((r) => r.ticket.id)).toEqual(["id-1", "id-2", "id-9"]);
  });

  it("never shows a ticket twice when the server lists it again", () => {
    const rows = mergeRegisteredRows([ticket(1), ticket(2)], [{ ticket: ticket(2), buyer: "Juan", index: 0 }]);
    expect(rows).toEqual([{ ticket: ticket(1) }, { ticket: ticket(2) }]);
  });
});

describe("pageCount", () => {
  it("is at least 1 and rounds up", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
    expect(pageCount(45, 20)).toBe(3);
  });
});

describe("wait", () => {
  it("resolves after the time", async () => {
    await expect(wait(5)).resolves.toBeUndefined();
  });

  it("rejects at once with an AbortError when aborted", async () => {
    const controller = new AbortController();
    const waiting = wait(60_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: "AbortError" });
  });

  it("rejects when the signal was aborted before", async () => {
    await expect(wait(60_000, AbortSignal.abort())).rejects.toMatchObject({ name: "AbortError" });
  });
});
