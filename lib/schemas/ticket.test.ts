import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  customRangeSchema,
  editTicketSchema,
  generateTicketSchema,
  registerMultipleSchema,
  registerTicketSchema,
  searchTicketsQuerySchema,
} from "@/lib/schemas/ticket";

function messages(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.message);
}

const valid = { buyer_name: "Juan Dela Cruz" };

describe("generateTicketSchema", () => {
  it("fills defaults and normalises", () => {
    const parsed = generateTicketSchema.parse({
      ...valid,
      phone_number: "+63 917-123-4567",
      payment_method: "GCash",
      gcash_reference: "GC1",
      email: "",
    });
    expect(parsed).toMatchObject({
      buyer_name: "Juan Dela Cruz",
      phone_number: "9171234567",
      payment_method: "gcash",
      quantity: 1,
    });
    expect(parsed.email).toBeUndefined();
    expect(generateTicketSchema.parse({ ...valid, payment_method: "Bank Transfer", quantity: "3" })).toMatchObject({
      payment_method: "bank_transfer",
      quantity: 3,
    });
  });

  it.each([
    [{}, "Buyer name is required."],
    [{ buyer_name: "   " }, "Buyer name is required."],
    [{ buyer_name: " Jo " }, "Name must be at least 3 characters."],
    [{ ...valid, phone_number: "91712345" }, "Must be a 10-digit number."],
    [{ ...valid, phone_number: "8171234567" }, "Must start with 9 (e.g., 917...)."],
    [{ ...valid, email: "not-an-email" }, "Enter a valid email."],
    [{ ...valid, quantity: 0 }, "Number of tickets must be between 1 and 100."],
    [{ ...valid, quantity: 101 }, "Number of tickets must be between 1 and 100."],
    [{ ...valid, quantity: 1.5 }, "Number of tickets must be between 1 and 100."],
    [
      { ...valid, quantity: 2, customLastDigits: "00042" },
      "Custom ticket numbers can only be used when generating 1 ticket.",
    ],
    [{ ...valid, customMiddleDigits: "12" }, "Middle digits must be exactly 3 digits."],
    [{ ...valid, customLastDigits: "4200" }, "Last digits must be exactly 5 digits."],
    [{ ...valid, payment_method: "gcash" }, "GCash reference is required for GCash payments"],
    [{ ...valid, payment_method: "bitcoin" }, "Payment method must be cash, gcash or bank_transfer."],
  ])("%j → %s", (input, message) => {
    expect(messages(generateTicketSchema, input)).toEqual([message]);
  });
});

describe("editTicketSchema", () => {
  it("accepts a status in any case and refuses others", () => {
    expect(editTicketSchema.parse({ ...valid, status: "Used" }).status).toBe("used");
    expect(messages(editTicketSchema, { ...valid, status: "sold" })).toEqual([
      "Status must be one of active, registered, used, expired.",
    ]);
  });
});

describe("customRangeSchema", () => {
  const ok = { startRange: 1, endRange: 10, userId: "admin@example.com" };
  it("accepts numbers and numeric strings", () => {
    expect(customRangeSchema.parse({ ...ok, startRange: "5", endRange: "7" })).toEqual({
      startRange: 5,
      endRange: 7,
      userId: "admin@example.com",
    });
  });
  it.each([
    [{ ...ok, startRange: undefined }, "Start range is required"],
    [{ ...ok, startRange: "" }, "Start range is required"],
    [{ ...ok, startRange: 0 }, "Start range must be a positive number"],
    [{ ...ok, startRange: "abc" }, "Start range must be a positive number"],
    [{ ...ok, endRange: undefined }, "End range is required"],
    [{ ...ok, endRange: -3 }, "End range must be a positive number"],
    [{ ...ok, startRange: 10, endRange: 9 }, "End range must be greater than or equal to start range"],
    [{ ...ok, userId: " " }, "User ID is required"],
    [{ ...ok, userId: undefined }, "User ID is required"],
    [{ ...ok, startRange: 1, endRange: 10001 }, "Maximum 10,000 tickets can be generated at once"],
  ])("%j → %s", (input, message) => {
    expect(messages(customRangeSchema, input)).toEqual([message]);
  });
});

describe("registration schemas", () => {
  const ok = { buyerName: "Maria Santos", phoneNumber: "0917 123 4567" };
  it("normalises the phone", () => {
    expect(registerTicketSchema.parse(ok).phoneNumber).toBe("9171234567");
  });
  it.each([
    [{ phoneNumber: "09171234567" }, "Please enter Buyer Name"],
    [{ buyerName: "  ", phoneNumber: "09171234567" }, "Please enter Buyer Name"],
    [{ buyerName: "Maria" }, "Please enter Phone Number"],
    [{ buyerName: "Maria", phoneNumber: " " }, "Please enter Phone Number"],
    [{ buyerName: "Maria", phoneNumber: "0917" }, "Must be a 10-digit number."],
    [{ ...ok, email: "x@" }, "Enter a valid email."],
  ])("%j → %s", (input, message) => {
    expect(messages(registerTicketSchema, input)).toEqual([message]);
  });
  it("needs 1 to 100 tickets for a multiple registration", () => {
    expect(messages(registerMultipleSchema, { ...ok, ticketIds: [] })).toEqual(["Please select at least one ticket"]);
    expect(messages(registerMultipleSchema, ok)).toEqual(["Please select at least one ticket"]);
    expect(
      messages(registerMultipleSchema, { ...ok, ticketIds: Array.from({ length: 101 }, (_, i) => i + 1) }),
    ).toEqual(["At most 100 tickets can be registered at once"]);
  });
});

describe("searchTicketsQuerySchema", () => {
  it("reads filters from the query string", () => {
    expect(searchTicketsQuerySchema.parse({ status: "Registered", payment: "GCash", limit: "25" })).toEqual({
      status: "registered",
      payment: "gcash",
      limit: 25,
      offset: 0,
    });
    expect(searchTicketsQuerySchema.parse({ payment: "all", search: " " })).toEqual({
      status: "all",
      limit: 10,
      offset: 0,
    });
  });
});
