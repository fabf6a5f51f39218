import { describe, expect, it } from "vitest";
import { buyerFormSchema, singleRegistrationFormSchema } from "@/lib/schemas/registration-form";

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("singleRegistrationFormSchema", () => {
  it("names every missing required field with the spec's message", () => {
    const result = singleRegistrationFormSchema.safeParse({ controlNumber: " ", buyerName: "", phoneNumber: "", email: "", address: "" });
    expect(messages(result)).toEqual({
      controlNumber: "Please enter Control Number",
      buyerName: "Please enter Buyer Name",
      phoneNumber: "Please enter Phone Number",
    });
  });

  it("applies SPEC 5's phone and email rules", () => {
    const result = singleRegistrationFormSchema.safeParse({ controlNumber: "00001", buyerName: "Ana", phoneNumber: "12345", email: "nope", address: "" });
    expect(messages(result)).toEqual({ phoneNumber: "Must be a 10-digit number.", email: "Enter a valid email." });
    const prefix = singleRegistrationFormSchema.safeParse({ controlNumber: "00001", buyerName: "Ana", phoneNumber: "1234567890", email: "", address: "" });
    expect(messages(prefix)).toEqual({ phoneNumber: "Must start with 9 (e.g., 917...)." });
  });

  it("gives the payload the API takes: 10 phone digits, blanks left out", () => {
    const result = singleRegistrationFormSchema.parse({ controlNumber: " 00001 ", buyerName: " Ana Reyes ", phoneNumber: "09171234567", email: "", address: "" });
    expect(result).toEqual({ controlNumber: "00001", buyerName: "Ana Reyes", phoneNumber: "9171234567" });
  });
});

describe("buyerFormSchema", () => {
  it("needs name and phone, not tickets", () => {
    expect(messages(buyerFormSchema.safeParse({ buyerName: "", phoneNumber: "", email: "", address: "" }))).toEqual({
      buyerName: "Please enter Buyer Name",
      phoneNumber: "Please enter Phone Number",
    });
    expect(buyerFormSchema.parse({ buyerName: "Ana", phoneNumber: "9171234567", email: "a@b.co", address: "QC" })).toEqual({
      buyerName: "Ana",
      phoneNumber: "9171234567",
      email: "a@b.co",
      address: "QC",
    });
  });
});
