import { describe, expect, it } from "vitest";
import { clampQuantity, keepDigits } from "./ticket-form-input";

describe("keepDigits", () => {
  it("drops everything but digits and stops at the maximum", () => {
    expect(keepDigits("1a2b3c4", 3)).toBe("123");
    expect(keepDigits("00042", 5)).toBe("00042");
    expect(keepDigits("x", 5)).toBe("");
  });
});

describe("clampQuantity", () => {
  it("keeps 1-100 as typed", () => {
    expect(clampQuantity("1")).toEqual({ value: 1, clamped: false });
    expect(clampQuantity("100")).toEqual({ value: 100, clamped: false });
  });
  it("clamps below 1 and above 100, saying so", () => {
    expect(clampQuantity("0")).toEqual({ value: 1, clamped: true });
    expect(clampQuantity("-5")).toEqual({ value: 1, clamped: true });
    expect(clampQuantity("150")).toEqual({ value: 100, clamped: true });
  });
  it("lets the input be empty while typing", () => {
    expect(clampQuantity("")).toEqual({ value: "", clamped: false });
  });
});
