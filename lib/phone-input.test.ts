import { describe, expect, it } from "vitest";
import { normalizePhoneInput, settlePhoneInput } from "@/lib/phone-input";

describe("normalizePhoneInput", () => {
  it("keeps digits only", () => {
    expect(normalizePhoneInput("917-123 45ab67")).toBe("9171234567");
    expect(normalizePhoneInput("abc")).toBe("");
  });

  it("stops at 10 digits for the national number", () => {
    expect(normalizePhoneInput("91712345678")).toBe("9171234567");
  });

  it("takes the placeholder's form 09XX XXX XXXX, one digit at a time or pasted, to its 10 digits", () => {
    expect(normalizePhoneInput("0917")).toBe("0917");
    expect(normalizePhoneInput("0917123456")).toBe("0917123456");
    expect(normalizePhoneInput("09171234567")).toBe("9171234567");
    expect(normalizePhoneInput("0917 123 4567")).toBe("9171234567");
    expect(normalizePhoneInput("091712345678")).toBe("9171234567");
  });

  it("takes the +63 form, typed with or without the plus, to its 10 digits", () => {
    expect(normalizePhoneInput("+63")).toBe("63");
    expect(normalizePhoneInput("63917123456")).toBe("63917123456");
    expect(normalizePhoneInput("639171234567")).toBe("9171234567");
    expect(normalizePhoneInput("+63 917 123 4567")).toBe("9171234567");
  });

  it("gives what the generate form keeps for every complete number", () => {
    for (const typed of ["9171234567", "09171234567", "+63 917 123 4567", "639171234567", "(0917) 123-4567"]) {
      expect(normalizePhoneInput(typed)).toBe("9171234567");
    }
  });

  it("does not treat a plain number starting 63 as a country code while it is short", () => {
    expect(normalizePhoneInput("631")).toBe("631");
  });
});

describe("settlePhoneInput", () => {
  it("turns a valid number in any form into its 10 digits", () => {
    expect(settlePhoneInput("09171234567")).toBe("9171234567");
    expect(settlePhoneInput("639171234567")).toBe("9171234567");
    expect(settlePhoneInput("9171234567")).toBe("9171234567");
  });

  it("leaves an invalid or empty value as typed, for its message", () => {
    expect(settlePhoneInput("0817123")).toBe("0817123");
    expect(settlePhoneInput("1234567890")).toBe("1234567890");
    expect(settlePhoneInput("")).toBe("");
  });
});
