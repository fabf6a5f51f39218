import { describe, expect, it } from "vitest";
import { previewRange } from "./custom-range-preview";

describe("previewRange", () => {
  it("counts both ends and prices the count", () => {
    expect(previewRange({ start: "1", end: "100", price: 50 })).toEqual({
      count: 100,
      revenue: 5000,
      range: "00001 - 00100",
    });
    expect(previewRange({ start: "42", end: "42", price: 50 })).toEqual({
      count: 1,
      revenue: 50,
      range: "00042 - 00042",
    });
  });
  it("is 0 when the end is before the start, or a field is not a whole number", () => {
    expect(previewRange({ start: "10", end: "5", price: 50 }).count).toBe(0);
    expect(previewRange({ start: "", end: "5", price: 50 })).toEqual({ count: 0, revenue: 0, range: null });
    expect(previewRange({ start: "1.5", end: "5", price: 50 }).count).toBe(0);
  });
  it("leaves revenue unknown until the price is loaded", () => {
    expect(previewRange({ start: "1", end: "2", price: undefined }).revenue).toBeUndefined();
  });
});
