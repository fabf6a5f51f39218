import { describe, expect, it } from "vitest";
import { EMPTY_BUYER } from "@/components/register/registration-form";
import { buyerFormSchema, singleRegistrationFormSchema } from "@/lib/schemas/registration-form";

const CASH = { paymentMethod: "cash", paymentReference: "" };

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("singleRegistrationFormSchema", () => {
  it("names every missing required field with the spec's message", () => {
    const result = singleRegistrationFormSchema.safeParse({
      controlNumber: " ",
      buyerName: "",
      phoneNumber: "",
      email: "",
      address: "",
      ...CASH,
    });
    expect(messages(result)).toEqual({
      controlNumber: "Please enter Control Number",
      buyerName: "Please enter Buyer Name",
      phoneNumber: "Please enter Phone Number",
    });
  });

  it("applies SPEC 5's phone and email rules", () => {
    const result = singleRegistrationFormSchema.safeParse({
      controlNumber: "00001",
      buyerName: "Ana",
      phoneNumber: "12345",
      email: "nope",
      address: "",
      ...CASH,
    });
    expect(messages(result)).toEqual({ phoneNumber: "Must be a 10-digit number.", email: "Enter a valid email." });
    const prefix = singleRegistrationFormSchema.safeParse({
      controlNumber: "00001",
      buyerName: "Ana",
      phoneNumber: "1234567890",
      email: "",
      address: "",
      ...CASH,
    });
    expect(messages(prefix)).toEqual({ phoneNumber: "Must start with 9 (e.g., 917...)." });
  });

  it("gives the payload the API takes: 10 phone digits, blanks left out", () => {
    const result = singleRegistrationFormSchema.parse({
      controlNumber: " 00001 ",
      buyerName: " Ana Reyes ",
      phoneNumber: "09171234567",
      email: "",
      address: "",
      ...CASH,
    });
    expect(result).toEqual({
      controlNumber: "00001",
      buyerName: "Ana Reyes",
      phoneNumber: "9171234567",
      paymentMethod: "cash",
    });
  });
});

describe("buyerFormSchema", () => {
  it("needs name and phone, not tickets", () => {
    expect(
      messages(buyerFormSchema.safeParse({ buyerName: "", phoneNumber: "", email: "", address: "", ...CASH })),
    ).toEqual({
      buyerName: "Please enter Buyer Name",
      phoneNumber: "Please enter Phone Number",
    });
    expect(
      buyerFormSchema.parse({ buyerName: "Ana", phoneNumber: "9171234567", email: "a@b.co", address: "QC", ...CASH }),
    ).toEqual({
      buyerName: "Ana",
      phoneNumber: "9171234567",
      email: "a@b.co",
      address: "QC",
      paymentMethod: "cash",
    });
  });
});

describe("the payment fields (docs/decisions/050)", () => {
  const buyer = { ...EMPTY_BUYER, buyerName: "Ana", phoneNumber: "9171234567" };

  it("start as Cash with no reference, which is valid", () => {
    expect(buyerFormSchema.parse(buyer)).toEqual({
      buyerName: "Ana",
      phoneNumber: "9171234567",
      paymentMethod: "cash",
    });
  });

  it("need a GCash reference, and a 13-digit one, naming the rule", () => {
    expect(messages(buyerFormSchema.safeParse({ ...buyer, paymentMethod: "gcash", paymentReference: " " }))).toEqual({
      paymentReference: "GCash reference is required for GCash payments",
    });
    expect(
      messages(buyerFormSchema.safeParse({ ...buyer, paymentMethod: "gcash", paymentReference: "ABC123" })),
    ).toEqual({
      paymentReference: "A GCash reference is 13 digits (e.g. 1001 543 610110)",
    });
    expect(
      messages(
        singleRegistrationFormSchema.safeParse({
          ...buyer,
          controlNumber: "00001",
          paymentMethod: "gcash",
          paymentReference: "1001 543 61011",
        }),
      ),
    ).toEqual({
      paymentReference: "A GCash reference is 13 digits (e.g. 1001 543 610110)",
    });
  });

  it("take a GCash reference as printed on the receipt, and a bank transfer with or without one", () => {
    expect(
      buyerFormSchema.parse({ ...buyer, paymentMethod: "gcash", paymentReference: "1001 543 610110" }),
    ).toMatchObject({ paymentMethod: "gcash", paymentReference: "1001 543 610110" });
    expect(buyerFormSchema.parse({ ...buyer, paymentMethod: "bank_transfer", paymentReference: "" })).toEqual({
      buyerName: "Ana",
      phoneNumber: "9171234567",
      paymentMethod: "bank_transfer",
    });
    expect(
      buyerFormSchema.parse({ ...buyer, paymentMethod: "bank_transfer", paymentReference: "FT-22" }),
    ).toMatchObject({ paymentReference: "FT-22" });
  });
});
