// Ticket payloads (SPEC sections 3 and 5), used by the forms, the route handlers and the importer.
// Messages are the spec's exact texts.
import { z } from "zod";
import {
  MAX_CUSTOM_RANGE,
  MAX_TICKETS_PER_TRANSACTION,
  PAYMENT_METHODS,
  TICKET_CURSOR,
  TICKET_STATUSES,
  isRegisteredBuyerName,
  type PaymentMethod,
} from "@/lib/constants";
import { phoneDigits, phoneProblem } from "@/lib/phone";
import { paymentChoiceFields } from "@/lib/schemas/payment";
import { TEXT_LIMITS, text, textRules } from "@/lib/schemas/text";
import { TICKET_MESSAGES } from "@/lib/ticket-messages";
import { unprintableMessage, unprintableOnStub } from "@/lib/stub-printable";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const M = TICKET_MESSAGES;

/** Blank strings and null become undefined, so "optional" means the same for forms and JSON. */
const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

/** Optional free text with the shared length and character rules (lib/schemas/text.ts). */
const optionalText = (label: string, max: number, options: { multiline?: boolean } = {}) =>
  z.preprocess(blankToUndefined, textRules(text().trim(), { label, max, ...options }).optional());

/** Optional phone: any written form in, the 10 national digits out. */
const optionalPhone = z.preprocess(
  blankToUndefined,
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined) return undefined;
      const problem = phoneProblem(v);
      if (problem) {
        ctx.addIssue({ code: "custom", message: problem === "length" ? M.phoneLength : M.phonePrefix });
        return z.NEVER;
      }
      return phoneDigits(v);
    }),
);

const optionalEmail = z.preprocess(
  blankToUndefined,
  textRules(text().trim(), { label: "Email", max: TEXT_LIMITS.email }).regex(EMAIL_PATTERN, M.email).optional(),
);

/** cash | gcash | bank_transfer, in any case ("GCash", "Bank Transfer"); cash when absent. */
const paymentMethod = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .trim()
          .toLowerCase()
          .replace(/[\s-]+/g, "_")
      : blankToUndefined(v),
  z.enum(PAYMENT_METHODS, { error: M.paymentMethod }).default("cash"),
);

/**
 * A buyer's name is printed on the ticket stub: a character the stub's font lacks (Arabic, emoji) is refused, named
 * (issue 40).
 */
const printableOnStub = (v: string, ctx: z.RefinementCtx) => {
  const missing = unprintableOnStub(v);
  if (missing.length) ctx.addIssue({ code: "custom", message: unprintableMessage("Buyer name", missing) });
};

const buyerName = textRules(
  text({ error: M.buyerNameRequired })
    .trim()
    .min(1, { message: M.buyerNameRequired, abort: true })
    .min(3, M.buyerNameShort),
  { label: "Buyer name", max: TEXT_LIMITS.name },
).superRefine(printableOnStub);

/** Whole numbers given as numbers or numeric strings (form inputs send strings). */
const wholeNumber = (requiredMessage: string, invalidMessage: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : blankToUndefined(v)),
    z.number({ error: (issue) => (issue.input === undefined ? requiredMessage : invalidMessage) }).int(invalidMessage),
  );

/** The ticket fields shared by generate, edit and the CSV importer (lib/schemas/ticket-import.ts). */
export const ticketFields = {
  buyer_name: buyerName,
  phone_number: optionalPhone,
  email: optionalEmail,
  address: optionalText("Address", TEXT_LIMITS.address, { multiline: true }),
  payment_method: paymentMethod,
  gcash_reference: optionalText("GCash reference", TEXT_LIMITS.reference),
  payment_reference: optionalText("Payment reference", TEXT_LIMITS.reference),
  /** Accepted for compatibility and ignored: the server prices tickets from the settings. */
  amount: z.union([z.number(), z.string()]).nullish(),
  user_id: optionalText("User ID", TEXT_LIMITS.identifier),
  event_name: optionalText("Event name", TEXT_LIMITS.identifier),
};

export function requireGcashReference(
  value: { payment_method: PaymentMethod; gcash_reference?: string },
  ctx: z.RefinementCtx,
) {
  if (value.payment_method === "gcash" && !value.gcash_reference) {
    ctx.addIssue({ code: "custom", path: ["gcash_reference"], message: M.gcashReference });
  }
}

/** The generate payload's fields (the Generate form parses with them too: lib/schemas/ticket-form.ts). */
export const generateTicketFields = {
  ...ticketFields,
  quantity: z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : (blankToUndefined(v) ?? 1)),
    z.number({ error: M.quantity }).int(M.quantity).min(1, M.quantity).max(MAX_TICKETS_PER_TRANSACTION, M.quantity),
  ),
  customMiddleDigits: z.preprocess(
    blankToUndefined,
    z.coerce
      .string()
      .trim()
      .regex(/^\d{3}$/, M.middleDigits)
      .optional(),
  ),
  customLastDigits: z.preprocess(
    blankToUndefined,
    z.coerce
      .string()
      .trim()
      .regex(/^\d{5}$/, M.lastDigits)
      .optional(),
  ),
  /** Uses a repeated bank reference again (docs/decisions/050). */
  confirmReference: paymentChoiceFields.confirmReference,
};

/** Custom numbers only for a single ticket; a GCash payment needs its reference. */
export function checkGenerateTicket(
  value: {
    quantity: number;
    customMiddleDigits?: string;
    customLastDigits?: string;
    payment_method: PaymentMethod;
    gcash_reference?: string;
  },
  ctx: z.RefinementCtx,
) {
  if (value.quantity > 1 && (value.customMiddleDigits || value.customLastDigits)) {
    ctx.addIssue({
      code: "custom",
      path: [value.customLastDigits ? "customLastDigits" : "customMiddleDigits"],
      message: M.customOnlySingle,
    });
  }
  requireGcashReference(value, ctx);
}

export const generateTicketSchema = z.object(generateTicketFields).superRefine(checkGenerateTicket);
export type GenerateTicketInput = z.input<typeof generateTicketSchema>;
export type GenerateTicketPayload = z.output<typeof generateTicketSchema>;

/** PUT /api/tickets/{id}: the generate form without quantity and custom numbers, plus status. */
export const editTicketFields = {
  ...ticketFields,
  /** Naming a buyer sells the ticket: uses a repeated bank reference again (docs/decisions/050). */
  confirmReference: paymentChoiceFields.confirmReference,
  status: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() : blankToUndefined(v)),
    z.enum(TICKET_STATUSES, { error: M.status }).optional(),
  ),
};
export const editTicketSchema = z.object(editTicketFields).superRefine(requireGcashReference);
export type EditTicketPayload = z.output<typeof editTicketSchema>;

export const customRangeFields = {
  startRange: wholeNumber(M.startRequired, M.startPositive).pipe(
    z.number().positive({ message: M.startPositive, abort: true }),
  ),
  endRange: wholeNumber(M.endRequired, M.endPositive).pipe(
    z.number().positive({ message: M.endPositive, abort: true }),
  ),
  userId: textRules(text({ error: M.userIdRequired }).trim().min(1, M.userIdRequired), {
    label: "User ID",
    max: TEXT_LIMITS.identifier,
  }),
};

/** The end at or after the start, and at most 10,000 numbers. */
export function checkCustomRange(value: { startRange: number; endRange: number }, ctx: z.RefinementCtx) {
  if (value.endRange < value.startRange) {
    ctx.addIssue({ code: "custom", path: ["endRange"], message: M.endBeforeStart });
  } else if (value.endRange - value.startRange + 1 > MAX_CUSTOM_RANGE) {
    ctx.addIssue({ code: "custom", path: ["endRange"], message: M.rangeTooLarge });
  }
}

export const customRangeSchema = z.object(customRangeFields).superRefine(checkCustomRange);
export type CustomRangePayload = z.output<typeof customRangeSchema>;

const registerBuyerName = textRules(
  text({ error: M.registerBuyerName }).trim().min(1, { message: M.registerBuyerName, abort: true }),
  {
    label: "Buyer name",
    max: TEXT_LIMITS.name,
  },
)
  // A placeholder ("N/A", "Unregistered Buyer", ...) would leave the ticket unregistered (SPEC section 4).
  .refine(isRegisteredBuyerName, M.registerBuyerName)
  .superRefine(printableOnStub);

const requiredPhone = z
  .string({ error: M.registerPhone })
  .trim()
  .min(1, { message: M.registerPhone, abort: true })
  .transform((v, ctx) => {
    const problem = phoneProblem(v);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem === "length" ? M.phoneLength : M.phonePrefix });
      return z.NEVER;
    }
    return phoneDigits(v);
  });

const buyerFields = {
  buyerName: registerBuyerName,
  phoneNumber: requiredPhone,
  email: optionalEmail,
  address: optionalText("Address", TEXT_LIMITS.address, { multiline: true }),
};

export const registerTicketSchema = z.object({
  ...buyerFields,
  ...paymentChoiceFields,
  /** The path names the ticket; a body copy (SPEC's single payload) is accepted and ignored. */
  controlNumber: z.union([z.string(), z.number()]).nullish(),
});
export type RegisterTicketPayload = z.output<typeof registerTicketSchema>;

export const registerMultipleSchema = z.object({
  ...buyerFields,
  ...paymentChoiceFields,
  ticketIds: z
    .array(
      z.union([
        textRules(text().trim().min(1, M.controlNumberEmpty), {
          label: "Ticket reference",
          max: TEXT_LIMITS.reference,
        }),
        z.number().int(),
      ]),
      { error: M.selectTicket },
    )
    .min(1, M.selectTicket)
    .max(MAX_TICKETS_PER_TRANSACTION, M.tooManyTickets),
});
export type RegisterMultiplePayload = z.output<typeof registerMultipleSchema>;

// Query strings (all values arrive as strings). A blank value means the default; a bad one gets
// a message naming the parameter and what it accepts.
const wholeQueryNumber = (options: { message: string; min: number; max?: number; fallback: number }) => {
  const { message, min, max, fallback } = options;
  let n = z.coerce.number({ error: message }).int(message).min(min, message);
  if (max !== undefined) n = n.max(max, message);
  return z.preprocess(blankToUndefined, n.default(fallback));
};
const limit = (fallback: number, max: number) =>
  wholeQueryNumber({
    message: `limit must be a whole number from 1 to ${max.toLocaleString("en-US")}`,
    min: 1,
    max,
    fallback,
  });
const offset = wholeQueryNumber({ message: "offset must be a whole number, 0 or more", min: 0, fallback: 0 });
const optionalQueryText = z.preprocess(
  blankToUndefined,
  text().trim().max(200, "Search terms can be at most 200 characters").optional(),
);

/** Up to 10,000 per page: the dashboard's "Refresh All" loads everything in batches of 10,000. */
export const MAX_PAGE_SIZE = 10_000;

/**
 * Keyset paging (decision 081): a page's `nextCursor`/`prevCursor` given back as `after`/`before`
 * picks the next or previous page from the index, whatever the depth; `offset` stays for jumps.
 */
const cursor = z.preprocess(
  blankToUndefined,
  z.string().regex(TICKET_CURSOR, "The cursor must be one a page answered (nextCursor or prevCursor)").optional(),
);
/** The largest total a filtered search counts when asked for `count=capped`; past it the answer says "1,000+". */
export const TICKET_COUNT_CAP = 1000;
const paging = {
  after: cursor,
  before: cursor,
  count: z.preprocess(
    blankToUndefined,
    z.enum(["exact", "capped"], { error: "count must be exact or capped" }).optional(),
  ),
};

export const listTicketsQuerySchema = z.object({ limit: limit(10, MAX_PAGE_SIZE), offset, ...paging });

export const TICKET_STATUS_FILTERS = ["all", "registered", "unregistered"] as const;

export const searchTicketsQuerySchema = z.object({
  search: optionalQueryText,
  status: z.preprocess(
    (v) => (typeof v === "string" && v.trim() ? v.trim().toLowerCase() : undefined),
    z.enum(TICKET_STATUS_FILTERS, { error: "status must be one of all, registered, unregistered" }).default("all"),
  ),
  payment: z.preprocess(
    (v) =>
      typeof v === "string" && v.trim() && v.trim().toLowerCase() !== "all"
        ? v
            .trim()
            .toLowerCase()
            .replace(/[\s-]+/g, "_")
        : undefined,
    z.enum(PAYMENT_METHODS, { error: `payment must be one of all, ${PAYMENT_METHODS.join(", ")}` }).optional(),
  ),
  user: optionalQueryText,
  limit: limit(10, MAX_PAGE_SIZE),
  offset,
  ...paging,
});
export type SearchTicketsQuery = z.output<typeof searchTicketsQuerySchema>;

/**
 * The list's filters alone (search, status, payment, creator): Print stubs' "current filter" takes the same (issue
 * 22).
 */
export const ticketListFilterSchema = searchTicketsQuerySchema
  .pick({ search: true, status: true, payment: true, user: true })
  .strict();
export type TicketListFilter = z.output<typeof ticketListFilterSchema>;

export const unregisteredQuerySchema = z.object({ search: optionalQueryText, limit: limit(20, 100), offset });

export const validateTicketQuerySchema = z
  .object({ controlNumber: optionalQueryText, number: optionalQueryText })
  .refine((v) => v.controlNumber || v.number, { message: M.controlNumberRequired });
