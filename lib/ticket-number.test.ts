import { describe, expect, it } from "vitest";
import {
  effectiveTicketLimit,
  formatControlNumber,
  formatTicketNumber,
  parseTicketRef,
  toRanges,
} from "@/lib/ticket-number";

describe("formatting", () => {
  it("pads ticket numbers to 5 digits", () => {
    expect(formatTicketNumber(7)).toBe("00007");
    expect(formatTicketNumber(99999)).toBe("99999");
    expect(formatControlNumber("B2K", "042", 123)).toBe("B2K-042-00123");
  });
  it("caps the limit at 99999", () => {
    expect(effectiveTicketLimit(999999)).toBe(99999);
    expect(effectiveTicketLimit(60000)).toBe(60000);
  });
});

describe("parseTicketRef", () => {
  it("recognises ids, numbers and control numbers", () => {
    expect(parseTicketRef("0B1F2C3D-0000-4000-8000-000000000001")).toEqual({
      kind: "id",
      id: "0b1f2c3d-0000-4000-8000-000000000001",
    });
    expect(parseTicketRef("00042")).toEqual({ kind: "number", ticketNumber: 42 });
    expect(parseTicketRef(42)).toEqual({ kind: "number", ticketNumber: 42 });
    expect(parseTicketRef(" b2k-123-00042 ")).toEqual({
      kind: "control",
      controlNumber: "b2k-123-00042",
      ticketNumber: 42,
    });
  });
  it("rejects anything else", () => {
    expect(parseTicketRef("00000")).toEqual({ kind: "invalid" });
    expect(parseTicketRef("123456")).toEqual({ kind: "invalid" });
    expect(parseTicketRef("B2K-12-00042")).toEqual({ kind: "invalid" });
    expect(parseTicketRef("")).toEqual({ kind: "invalid" });
  });
});

describe("toRanges", () => {
  it("collapses consecutive numbers", () => {
    expect(toRanges([1, 2, 3, 5, 7, 8])).toEqual([
      [1, 3],
      [5, 5],
      [7, 8],
    ]);
    expect(toRanges([])).toEqual([]);
  });
});
