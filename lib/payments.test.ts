import { describe, expect, it } from "vitest";
import { isGcashReference, normalizeReference } from "@/lib/payments";

describe("normalizeReference", () => {
  it.each([
    ["1001 543 610110", "1001543610110"],
    ["ref-00a/7", "REF00A7"],
    ["  ", null],
    ["---", null],
    [null, null],
    ["ñ1", "1"],
  ])("%j → %j", (input, expected) => expect(normalizeReference(input)).toBe(expected));
});

describe("isGcashReference", () => {
  it("accepts 13 digits however they are spaced", () => {
    expect(isGcashReference("1001 543 610110")).toBe(true);
    expect(isGcashReference("1001543610110")).toBe(true);
  });
  it("refuses anything else", () => {
    expect(isGcashReference("100154361011")).toBe(false);
    expect(isGcashReference("10015436101100")).toBe(false);
    expect(isGcashReference("GC-1001543610110")).toBe(false);
    expect(isGcashReference("")).toBe(false);
  });
});
