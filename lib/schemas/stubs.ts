// Stubs and verify codes (issue 22): the bodies of POST /api/print/stubs and
// POST /api/tickets/{id}/qr/replace, the print log's rows (GET /api/print/jobs) and the public
// verify answer (GET /api/public/verify/{token}). Used by the route handlers, the Print stubs
// dialog's form and the tests. Decisions: docs/decisions/100-104.
import { z } from "zod";
import { NOT_A_WINNER_TEXT } from "@/lib/draw";
import { ticketListFilterSchema } from "@/lib/schemas/ticket";
import { text, textRules } from "@/lib/schemas/text";
import { LAYOUTS, MAX_STUBS_PER_PRINT, ORDERS, PAPERS } from "@/lib/stubs/stub-layout";

export const STUB_MESSAGES = {
  ticketNumber: "from and to must be ticket numbers from 1 to 99999 (a JSON number or 5 digits, like 00042)",
  range: "from must not be after to",
  selector:
    "Give one of: from and to (a range of ticket numbers), ticketIds (a list of ticket ids), or filter " +
    "(the Tickets list's search, status, payment and user)",
  ticketIds: `ticketIds must be a list of 1 to ${MAX_STUBS_PER_PRINT.toLocaleString("en-US")} ticket ids`,
  paper: `paper must be one of ${PAPERS.join(", ")}`,
  layout: `layout must be one of ${LAYOUTS.join(", ")}`,
  order: `order must be one of ${ORDERS.join(", ")}`,
  calibration: "calibration must be true or false",
  tooMany: `Print at most ${MAX_STUBS_PER_PRINT.toLocaleString("en-US")} tickets at a time; split the range`,
  reason: "A reason of 3 to 200 characters is required to replace a ticket's verify code",
} as const;

/** A ticket number as a JSON number or as its 5-digit text ("00042"). */
export const stubTicketNumber = z
  .union([z.number(), z.string()], { error: STUB_MESSAGES.ticketNumber })
  .transform((value, ctx) => {
    const n = typeof value === "number" ? value : /^\d{5}$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(n) || n < 1 || n > 99_999) {
      ctx.addIssue({ code: "custom", message: STUB_MESSAGES.ticketNumber });
      return z.NEVER;
    }
    return n;
  });

export const printStubsSchema = z
  .object({
    from: stubTicketNumber.optional(),
    to: stubTicketNumber.optional(),
    ticketIds: z
      .array(z.uuid({ error: STUB_MESSAGES.ticketIds }), { error: STUB_MESSAGES.ticketIds })
      .min(1, STUB_MESSAGES.ticketIds)
      .max(MAX_STUBS_PER_PRINT, STUB_MESSAGES.tooMany)
      .optional(),
    /** The Tickets list's current filter, as GET /api/tickets/search takes it ({} or status 'all': every ticket). */
    filter: ticketListFilterSchema.optional(),
    paper: z.enum(PAPERS, { error: STUB_MESSAGES.paper }).default("a4"),
    layout: z.enum(LAYOUTS, { error: STUB_MESSAGES.layout }).default("5-up"),
    order: z.enum(ORDERS, { error: STUB_MESSAGES.order }).default("sequential"),
    calibration: z.boolean({ error: STUB_MESSAGES.calibration }).default(false),
  })
  .superRefine((value, ctx) => {
    const hasRange = value.from !== undefined || value.to !== undefined;
    const hasIds = value.ticketIds !== undefined;
    const hasFilter = value.filter !== undefined;
    const selectors = Number(hasRange) + Number(hasIds) + Number(hasFilter);
    if (selectors !== 1 || (hasRange && (value.from === undefined || value.to === undefined))) {
      ctx.addIssue({
        code: "custom",
        path: [hasIds ? "ticketIds" : hasFilter ? "filter" : "from"],
        message: STUB_MESSAGES.selector,
      });
    } else if (hasRange && value.from! > value.to!) {
      ctx.addIssue({ code: "custom", path: ["to"], message: STUB_MESSAGES.range });
    }
  });
export type PrintStubsPayload = z.output<typeof printStubsSchema>;
export type PrintStubsInput = z.input<typeof printStubsSchema>;

/**
 * Which tickets the Print stubs dialog prints: a number range, the Tickets list's current filter, or the rows ticked
 * in it.
 */
export const PRINT_SELECTIONS = ["range", "filter", "selected"] as const;
export type PrintSelection = (typeof PRINT_SELECTIONS)[number];

/**
 * The Print stubs dialog's form: what its inputs hold (strings and choices), checked by the same
 * rules. The filter and the ticked rows are not typed in: `printStubsPayload` adds them.
 */
export const printStubsFormSchema = z
  .object({
    which: z.enum(PRINT_SELECTIONS),
    from: z.string().trim(),
    to: z.string().trim(),
    paper: z.enum(PAPERS),
    layout: z.enum(LAYOUTS),
    order: z.enum(ORDERS),
    calibration: z.boolean(),
  })
  .superRefine((value, ctx) => {
    if (value.which !== "range") return;
    const num = (s: string) => (/^\d{1,5}$/.test(s) ? Number(s) : Number.NaN);
    const from = num(value.from);
    const to = num(value.to);
    if (!(from >= 1))
      ctx.addIssue({ code: "custom", path: ["from"], message: "From must be a ticket number from 1 to 99999" });
    if (!(to >= 1))
      ctx.addIssue({ code: "custom", path: ["to"], message: "To must be a ticket number from 1 to 99999" });
    if (from >= 1 && to >= 1 && from > to) ctx.addIssue({ code: "custom", path: ["to"], message: STUB_MESSAGES.range });
  })
  .transform((value) => ({
    which: value.which,
    ...(value.which === "range" ? { from: Number(value.from), to: Number(value.to) } : {}),
    paper: value.paper,
    layout: value.layout,
    order: value.order,
    calibration: value.calibration,
  }));
export type PrintStubsFormValues = z.input<typeof printStubsFormSchema>;
export type PrintStubsFormOutput = z.output<typeof printStubsFormSchema>;

/** The API's body for the form's choice: the range typed, the list's filter, or the ticked rows' ids. */
export function printStubsPayload(
  form: PrintStubsFormOutput,
  context: { filter: z.input<typeof ticketListFilterSchema> | null; ticketIds: string[] },
): PrintStubsInput {
  const { which, from, to, ...options } = form;
  if (which === "filter") return { ...options, filter: context.filter ?? {} };
  if (which === "selected") return { ...options, ticketIds: context.ticketIds };
  return { ...options, from, to };
}

export const replaceQrSchema = z.object({
  reason: textRules(text({ error: STUB_MESSAGES.reason }).trim().min(3, STUB_MESSAGES.reason), {
    label: "Reason",
    max: 200,
  }),
});
export type ReplaceQrPayload = z.output<typeof replaceQrSchema>;

export const printJobSchema = z.object({
  id: z.uuid(),
  /** Who printed: their e-mail address (kept when the user is deleted). */
  requestedBy: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  paper: z.enum(PAPERS),
  layout: z.enum(LAYOUTS),
  order: z.enum(ORDERS),
  /** The first and last ticket number printed. */
  from: z.number().int(),
  to: z.number().int(),
  ticketCount: z.number().int(),
  /** How many of them had been printed before (their stub says REPRINT n). */
  reprintCount: z.number().int(),
  calibration: z.boolean(),
  /** SHA-256 (hex) of the exact bytes streamed; null until the whole PDF was sent (or if it never was). */
  sha256: z.string().nullable(),
});
export type PrintJob = z.infer<typeof printJobSchema>;

export const printJobsResponseSchema = z.object({
  success: z.literal(true),
  jobs: z.array(printJobSchema),
  /** The address printed in verify QR codes (lib/public-url.ts), with the warning when a phone could not open it. */
  publicUrl: z.object({
    url: z.string(),
    configured: z.boolean(),
    problem: z.enum(["unset", "loopback", "unspecified"]).nullable(),
    warning: z.string().nullable(),
  }),
});
export type PrintJobsResponse = z.infer<typeof printJobsResponseSchema>;

/** POST /api/tickets/{id}/qr/replace: the ticket's new verify-code version (its old stub stops verifying). */
export const qrReplacedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  ticket: z.object({ id: z.uuid(), controlNumber: z.string(), qrVersion: z.number().int() }),
});
export type QrReplaced = z.infer<typeof qrReplacedSchema>;

/**
 * A ticket's own status, then, once a draw's winners are published (issue 23), 'winner' (its text
 * names the prize: 'Winner: Motorcycle') or 'not_winner' for a ticket of the draw's pool.
 */
export const VERIFY_STATUSES = ["registered", "not_sold", "void", "winner", "not_winner"] as const;
export type VerifyStatus = (typeof VERIFY_STATUSES)[number];
export const VERIFY_STATUS_TEXT: Record<Exclude<VerifyStatus, "winner">, string> = {
  registered: "Registered: in the draw",
  not_sold: "Not yet sold",
  void: "Void: not in the draw",
  not_winner: NOT_A_WINNER_TEXT,
};
export const CODE_REPLACED_MESSAGE = "This ticket code has been replaced";

/** GET /api/public/verify/{token}: only what a buyer needs to recognise the ticket (decision 036). */
export const verifyResponseSchema = z.strictObject({
  success: z.literal(true),
  raffle: z.strictObject({ name: z.string(), drawDate: z.iso.datetime({ offset: true }).nullable() }),
  ticket: z.strictObject({
    controlNumber: z.string(),
    status: z.enum(VERIFY_STATUSES),
    statusText: z.string(),
    maskedName: z.string().nullable(),
    registeredAt: z.iso.datetime({ offset: true }).nullable(),
  }),
});
export type VerifyResponse = z.infer<typeof verifyResponseSchema>;
