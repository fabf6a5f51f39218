import { describe, expect, it } from "vitest";
import { amountToCentavos, centavosToAmount, formatAmount, formatCentavos, parseCentavos } from "@/lib/money";

describe("money in centavos", () => {
  it.each([
    ["1250", 125000],
    ["1250.5", 125050],
    ["1250.05", 125005],
    ["1,250.00", 125000],
    ["₱1,250.00", 125000],
    [" 0.01 ", 1],
    ["1000000.00", 100000000],
  ])("parses %s", (text, centavos) => expect(parseCentavos(text)).toBe(centavos));

  it.each(["", "abc", "1.234", "-5", "1e3", "12,50", "0x10", "1.", ".5", "1 000"])("refuses %j", (text) =>
    expect(parseCentavos(text)).toBeNull(),
  );

  it("takes a sign only when asked", () => {
    expect(parseCentavos("-20.5", { signed: true })).toBe(-2050);
    expect(parseCentavos("-20.5")).toBeNull();
  });

  it("prints the API form and the peso form exactly", () => {
    expect(centavosToAmount(125000)).toBe("1250.00");
    expect(centavosToAmount(-5)).toBe("-0.05");
    expect(amountToCentavos("1250.5")).toBe(125050);
    expect(amountToCentavos("-3")).toBe(-300);
    expect(formatCentavos(125000)).toBe("₱1,250.00");
    expect(formatCentavos(-2000)).toBe("-₱20.00");
    expect(formatAmount("1234567.89")).toBe("₱1,234,567.89");
    // 0.1 + 0.2 as floats is 0.30000000000000004; in centavos it is 30.
    expect(centavosToAmount(parseCentavos("0.10")! + parseCentavos("0.20")!)).toBe("0.30");
  });
});
