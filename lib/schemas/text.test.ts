import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  customRangeSchema,
  editTicketSchema,
  generateTicketSchema,
  registerMultipleSchema,
  registerTicketSchema,
} from "@/lib/schemas/ticket";
import { addUserSchema, emailSchema, googleSignInSchema, updateUserRoleSchema } from "@/lib/schemas/user";

// Issue 14: every text field has a maximum length that fits its meaning and refuses control
// characters (newlines only in addresses); bidi overrides are removed.

function firstMessage(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? null : result.error.issues[0].message;
}

const ticket = { buyer_name: "Juan Dela Cruz" };
const buyer = { buyerName: "Juan Dela Cruz", phoneNumber: "09171234567" };
const long = (n: number) => "a".repeat(n);

describe("length limits", () => {
  it.each([
    [
      "generate buyer_name",
      generateTicketSchema,
      { buyer_name: long(101) },
      "Buyer name must be at most 100 characters.",
    ],
    [
      "generate address",
      generateTicketSchema,
      { ...ticket, address: long(301) },
      "Address must be at most 300 characters.",
    ],
    [
      "generate email",
      generateTicketSchema,
      { ...ticket, email: `${long(250)}@x.com` },
      "Email must be at most 254 characters.",
    ],
    [
      "generate gcash_reference",
      generateTicketSchema,
      { ...ticket, payment_method: "gcash", gcash_reference: long(101) },
      "GCash reference must be at most 100 characters.",
    ],
    [
      "generate payment_reference",
      generateTicketSchema,
      { ...ticket, payment_reference: long(101) },
      "Payment reference must be at most 100 characters.",
    ],
    ["edit buyer_name", editTicketSchema, { buyer_name: long(101) }, "Buyer name must be at most 100 characters."],
    [
      "register buyerName",
      registerTicketSchema,
      { ...buyer, buyerName: long(101) },
      "Buyer name must be at most 100 characters.",
    ],
    [
      "register address",
      registerTicketSchema,
      { ...buyer, address: long(301) },
      "Address must be at most 300 characters.",
    ],
    [
      "register-multiple email",
      registerMultipleSchema,
      { ...buyer, email: `${long(250)}@x.com`, ticketIds: ["00001"] },
      "Email must be at most 254 characters.",
    ],
    [
      "register-multiple reference",
      registerMultipleSchema,
      { ...buyer, ticketIds: [long(101)] },
      "Ticket reference must be at most 100 characters.",
    ],
    [
      "custom range userId",
      customRangeSchema,
      { startRange: 1, endRange: 2, userId: long(201) },
      "User ID must be at most 200 characters.",
    ],
    [
      "add user displayName",
      addUserSchema,
      { email: "a@example.com", displayName: long(101) },
      "Display name must be at most 100 characters.",
    ],
    [
      "add user email",
      addUserSchema,
      { email: `${long(250)}@x.com`, displayName: "Ann" },
      "Email must be at most 254 characters.",
    ],
    [
      "user role email",
      updateUserRoleSchema,
      { email: `${long(250)}@x.com`, isAdmin: true },
      "Email must be at most 254 characters.",
    ],
    ["google idToken", googleSignInSchema, { idToken: long(8193) }, "idToken must be at most 8192 characters."],
  ])("%s", (_name, schema, input, message) => {
    expect(firstMessage(schema, input)).toBe(message);
  });

  it("100,000 emoji are refused; a name at the limit passes", () => {
    expect(firstMessage(generateTicketSchema, { buyer_name: "😀".repeat(100_000) })).toBe(
      "Buyer name must be at most 100 characters.",
    );
    expect(generateTicketSchema.parse({ buyer_name: long(100) }).buyer_name).toHaveLength(100);
  });
});

describe("control and bidi characters", () => {
  it.each([
    [
      "a C0 control in a buyer name",
      generateTicketSchema,
      { buyer_name: "Juan\u0007 Cruz" },
      "Buyer name must not contain control characters.",
    ],
    [
      "a newline in a buyer name",
      registerTicketSchema,
      { ...buyer, buyerName: "Juan\nCruz" },
      "Buyer name must not contain control characters.",
    ],
    [
      "a C1 control in a reference",
      generateTicketSchema,
      { ...ticket, payment_reference: "REF\u0085" },
      "Payment reference must not contain control characters.",
    ],
    [
      "a tab in a display name",
      addUserSchema,
      { email: "a@example.com", displayName: "Ann\tB" },
      "Display name must not contain control characters.",
    ],
    ["a control in an email", emailSchema, "a\u0001b@example.com", "Email must not contain control characters."],
    [
      "ESC in an address",
      registerTicketSchema,
      { ...buyer, address: "Street\u001b[31m" },
      "Address must not contain control characters.",
    ],
  ])("%s is refused", (_name, schema, input, message) => {
    expect(firstMessage(schema, input)).toBe(message);
  });

  it("an address keeps its newlines and tabs", () => {
    expect(registerTicketSchema.parse({ ...buyer, address: "12 Rizal St.\nQuezon City\tPH" }).address).toBe(
      "12 Rizal St.\nQuezon City\tPH",
    );
  });

  it("bidi overrides and isolates are removed, so a name cannot display reversed", () => {
    expect(generateTicketSchema.parse({ buyer_name: "\u202EnauJ Cruz\u202C" }).buyer_name).toBe("nauJ Cruz");
    expect(registerTicketSchema.parse({ ...buyer, buyerName: "Ann\u2066 Lee\u2069" }).buyerName).toBe("Ann Lee");
    expect(addUserSchema.parse({ email: "a@example.com", displayName: "\u202EAnn" }).displayName).toBe("Ann");
    // Only overrides: a name of nothing but them is blank, and blank is the spec's "required".
    expect(firstMessage(generateTicketSchema, { buyer_name: "\u202E\u202E\u202E" })).toBe("Buyer name is required.");
  });
});
