import { describe, expect, it } from "vitest";
import {
  manilaDay,
  parseStatementAmount,
  parseStatementTime,
  withChecksums,
} from "@/server/reconciliation/statement-values";

describe("statement values", () => {
  it.each([
    ["2026-11-03", "2026-11-02T16:00:00.000Z"],
    ["2026-11-03 09:15", "2026-11-03T01:15:00.000Z"],
    ["2026-11-03 09:15 PM", "2026-11-03T13:15:00.000Z"],
    ["2026-11-03 12:05 AM", "2026-11-02T16:05:00.000Z"],
    ["11/03/2026", "2026-11-02T16:00:00.000Z"],
    ["11/03/2026 9:15 PM", "2026-11-03T13:15:00.000Z"],
    ["2026-11-03T09:15:00Z", "2026-11-03T09:15:00.000Z"],
  ])("reads %s as Manila time unless it has an offset", (input, iso) => {
    expect(parseStatementTime(input)?.toISOString()).toBe(iso);
  });

  it.each(["2026-02-30", "13/01/2026", "31/12/2026", "2026-11-03 25:00", "yesterday"])("refuses %s", (input) => {
    expect(parseStatementTime(input)).toBeNull();
  });

  it("gives the Manila day", () => {
    expect(manilaDay(new Date("2026-11-02T16:30:00Z"))).toBe("2026-11-03");
  });

  it.each([
    ["1,250.00", 125000],
    ["₱1,250.00", 125000],
    ["PHP 1,250.5", 125050],
    ["-50", -5000],
    ["(50.00)", -5000],
    ["1250", 125000],
    ["0.00", 0],
    ["", null],
  ])("reads the amount %s", (input, centavos) => {
    expect(parseStatementAmount(input)).toBe(centavos);
  });

  it.each(["1.234,00", "12,34", "abc", "1.234"])("refuses the amount %s", (input) => {
    expect(parseStatementAmount(input)).toBeNaN();
  });

  it(
    "tells identical lines apart by their order, and gives the " + "same checksum for the same line in another file",
    () => {
      const line = {
        lineNo: 1,
        occurredAt: new Date("2026-11-03T01:15:00Z"),
        description: "Received  GCash",
        reference: "1001 543 610110",
        centavos: 5000,
        balanceCentavos: null,
      };
      const a = withChecksums("GCash 0917", [line, { ...line, lineNo: 2 }]);
      expect(a.map((l) => l.occurrence)).toEqual([1, 2]);
      expect(a[0].checksum).not.toBe(a[1].checksum);
      expect(a[0].referenceNormalized).toBe("1001543610110");
      const b = withChecksums("gcash 0917", [{ ...line, lineNo: 7 }]);
      expect(b[0].checksum).toBe(a[0].checksum);
      expect(withChecksums("BDO", [line])[0].checksum).not.toBe(a[0].checksum);
    },
  );
});
