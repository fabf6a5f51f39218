import { describe, expect, expectTypeOf, it } from "vitest";
import { z } from "zod";
import { stringInputs } from "@/lib/schemas/form";
import { customRangeSchema, editTicketSchema, generateTicketSchema } from "@/lib/schemas/ticket";
import {
  EMPTY_GENERATE_TICKET_FORM,
  customRangeFormSchema,
  editTicketFormSchema,
  generateTicketFormSchema,
  type CustomRangeFormValues,
  type GenerateTicketFormPayload,
} from "@/lib/schemas/ticket-form";

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

const emptyGenerate = EMPTY_GENERATE_TICKET_FORM;

describe("stringInputs", () => {
  it("types a form's values as strings and its payload as the API's output", () => {
    const schema = stringInputs({ n: z.preprocess((v) => Number(v), z.number()), s: z.string().trim() });
    expectTypeOf<z.input<typeof schema>>().toEqualTypeOf<{ n: string; s: string }>();
    expectTypeOf<z.output<typeof schema>>().toEqualTypeOf<{ n: number; s: string }>();
    expect(schema.parse({ n: "42", s: " a " })).toEqual({ n: 42, s: "a" });
  });

  it("refuses what an input can never hold (a non-string) before the API's rule sees it", () => {
    expect(stringInputs({ n: z.number() }).safeParse({ n: 4 }).success).toBe(false);
  });
});

describe("the ticket dialogs' form schemas", () => {
  it("give the same payload as the API's schemas for the same typed values", () => {
    const typed = {
      ...emptyGenerate,
      buyer_name: " Juan Dela Cruz ",
      phone_number: "0917 123 4567",
      payment_method: "gcash",
      gcash_reference: "GC1",
      quantity: "3",
    };
    const payload: GenerateTicketFormPayload = generateTicketFormSchema.parse(typed);
    expect(payload).toEqual(generateTicketSchema.parse(typed));
    expect(payload).toMatchObject({ buyer_name: "Juan Dela Cruz", phone_number: "9171234567", quantity: 3 });
    expect(payload.email).toBeUndefined();

    const edit = {
      buyer_name: "Ana Reyes",
      phone_number: "",
      email: "ana@example.com",
      address: "",
      payment_method: "cash",
      gcash_reference: "",
      status: "Registered",
    };
    expect(editTicketFormSchema.parse(edit)).toEqual(editTicketSchema.parse(edit));
    expect(customRangeFormSchema.parse({ startRange: "10", endRange: "20", userId: "a@b.co" })).toEqual(
      customRangeSchema.parse({ startRange: "10", endRange: "20", userId: "a@b.co" }),
    );
  });

  it("show the API's messages, on the fields the API names", () => {
    expect(issues(generateTicketFormSchema.safeParse(emptyGenerate))).toEqual({
      buyer_name: "Buyer name is required.",
    });
    expect(
      issues(
        generateTicketFormSchema.safeParse({
          ...emptyGenerate,
          buyer_name: "Juan",
          quantity: "2",
          customLastDigits: "00042",
        }),
      ),
    ).toEqual({
      customLastDigits: "Custom ticket numbers can only be used when generating 1 ticket.",
    });
    expect(
      issues(generateTicketFormSchema.safeParse({ ...emptyGenerate, buyer_name: "Juan", payment_method: "gcash" })),
    ).toEqual({
      gcash_reference: "GCash reference is required for GCash payments",
    });
    const range: CustomRangeFormValues = { startRange: "", endRange: "0", userId: " " };
    expect(issues(customRangeFormSchema.safeParse(range))).toEqual({
      startRange: "Start range is required",
      endRange: "End range must be a positive number",
      userId: "User ID is required",
    });
    expect(issues(customRangeFormSchema.safeParse({ startRange: "20", endRange: "10", userId: "a" }))).toEqual({
      endRange: "End range must be greater than or equal to start range",
    });
  });

  it("read a quantity being retyped (blank) as one ticket", () => {
    expect(generateTicketFormSchema.parse({ ...emptyGenerate, buyer_name: "Juan", quantity: "" }).quantity).toBe(1);
  });
});
