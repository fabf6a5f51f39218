import { describe, expect, it } from "vitest";
import { phoneDigits, phoneProblem, phoneSearchDigits } from "@/lib/phone";

describe("phoneDigits", () => {
  it.each([
    ["09171234567", "9171234567"],
    ["9171234567", "9171234567"],
    ["+639171234567", "9171234567"],
    ["639171234567", "9171234567"],
    ["+63 917 123 4567", "9171234567"],
    ["0917-123-4567", "9171234567"],
    ["(0917) 123 4567", "9171234567"],
  ])("%s → %s", (input, expected) => {
    expect(phoneDigits(input)).toBe(expected);
  });
});

describe("phoneProblem", () => {
  it("accepts a 10-digit mobile number in any written form", () => {
    expect(phoneProblem("0917 123 4567")).toBeNull();
    expect(phoneProblem("+639171234567")).toBeNull();
  });
  it("rejects a wrong length", () => {
    expect(phoneProblem("917123456")).toBe("length");
    expect(phoneProblem("91712345678")).toBe("length");
    expect(phoneProblem("abc")).toBe("length");
  });
  it("rejects a number not starting with 9", () => {
    expect(phoneProblem("8171234567")).toBe("prefix");
    expect(phoneProblem("02 8123 4567")).toBe("prefix");
  });
});

describe("phoneSearchDigits", () => {
  it("strips the country prefix and trunk zero", () => {
    expect(phoneSearchDigits("+63 917 12")).toBe("91712");
    expect(phoneSearchDigits("0917-123")).toBe("917123");
    expect(phoneSearchDigits("917")).toBe("917");
    expect(phoneSearchDigits("639171234567")).toBe("9171234567");
  });
  it("is null for names and very short numbers", () => {
    expect(phoneSearchDigits("Santos")).toBeNull();
    expect(phoneSearchDigits("B2K-123")).toBeNull();
    expect(phoneSearchDigits("12")).toBeNull();
  });
});
