// The ticket as every endpoint answers it (SPEC section 3, snake_case): the one contract for the
// server's SELECT (server/tickets/ticket-select.ts builds each field from this list), the client's
// `Ticket` type and the tests, which parse answers with it. A new field is added here first; the
// server then fails to type-check until its SELECT names the field.
import { z } from "zod";
import { PAYMENT_METHODS } from "@/lib/constants";
import { PAYMENT_STATUSES } from "@/lib/payments";
import { VOID_REASONS } from "@/lib/voids";

const instant = z.iso.datetime({ offset: true });

/** The sale's payment (docs/decisions/050): one payment may pay for several tickets. */
export const ticketPaymentSchema = z.object({
  id: z.uuid(),
  method: z.enum(PAYMENT_METHODS),
  /** As typed. */
  reference: z.string().nullable(),
  /** Letters and digits, upper case: how references are compared (unique for GCash). */
  reference_normalized: z.string().nullable(),
  /** Pesos, two decimals, as a string ("250.00"): what the buyer owes for the payment's tickets. */
  amount_expected: z.string().regex(/^\d+\.\d{2}$/),
  /** E-mail of the staff member who took the money (the seller), null when unknown. */
  collected_by: z.string().nullable(),
  collected_at: instant,
  status: z.enum(PAYMENT_STATUSES),
});
export type TicketPayment = z.infer<typeof ticketPaymentSchema>;

export const ticketSchema = z.object({
  ticket_id: z.uuid(),
  id: z.uuid(),
  control_number: z.string(),
  last_5_digits: z.string().regex(/^\d{5}$/),
  ticket_number: z.number().int(),
  buyer_name: z.string().nullable(),
  phone_number: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  /** cash | gcash | bank_transfer: the payment's method once sold, the stub's default before. */
  payment_method: z.string(),
  /** For a sold GCash ticket, the payment's normalized reference. */
  gcash_reference: z.string().nullable(),
  payment_reference: z.string().nullable(),
  status: z.string(),
  amount: z.number(),
  user_id: z.string().nullable(),
  created_by_id: z.uuid().nullable(),
  creator_email: z.string().nullable(),
  creator_name: z.string().nullable(),
  creation_source: z.string(),
  event_name: z.string().nullable(),
  is_registered: z.boolean(),
  registered_at: instant.nullable(),
  /** The seller: who registered the buyer (for a ticket generated with its buyer, its creator). */
  registered_by_id: z.uuid().nullable(),
  seller_email: z.string().nullable(),
  payment_id: z.uuid().nullable(),
  payment: ticketPaymentSchema.nullable(),
  /** A void takes the ticket out of the raffle; all four are null unless it is void. */
  voided_at: instant.nullable(),
  void_reason: z.enum(VOID_REASONS).nullable(),
  void_note: z.string().nullable(),
  /** E-mail of the administrator who voided it. */
  voided_by: z.string().nullable(),
  created_at: instant,
  updated_at: instant,
});
export type Ticket = z.infer<typeof ticketSchema>;

/** A page of GET /api/tickets and /api/tickets/search. */
export const ticketPageSchema = z.object({
  success: z.literal(true),
  tickets: z.array(ticketSchema),
  total: z.number().int(),
  /** With count=capped: more than `total` (1,000) match; the screen says "1,000+". */
  totalCapped: z.boolean().optional(),
  /** With count=capped, after or before: whether a page follows this one. */
  hasNext: z.boolean().optional(),
  /** With count=capped, after or before: the keyset cursors of the page's last and first rows. */
  nextCursor: z.string().nullable().optional(),
  prevCursor: z.string().nullable().optional(),
});
export type TicketPage = Omit<z.infer<typeof ticketPageSchema>, "success">;

/**
 * A ticket as one caller may see it (server/tickets/ticket-privacy.ts): the buyer's contacts and
 * the sale's payment references are left out, not nulled, when they are not the caller's to see.
 */
export const visibleTicketSchema = ticketSchema.partial({
  phone_number: true,
  email: true,
  address: true,
  gcash_reference: true,
  payment_reference: true,
  payment: true,
});
export type VisibleTicket = z.infer<typeof visibleTicketSchema>;

/** GET /api/tickets/{id} and /api/tickets/search/{term}: one ticket. */
export const ticketAnswerSchema = z.object({ success: z.literal(true), ticket: visibleTicketSchema });
export type TicketAnswer = z.infer<typeof ticketAnswerSchema>;

/** GET /api/tickets/unregistered (any signed-in user): a page of tickets as the caller may see them. */
export const visibleTicketPageSchema = ticketPageSchema.extend({ tickets: z.array(visibleTicketSchema) });
export type VisibleTicketPage = z.infer<typeof visibleTicketPageSchema>;
export type TicketPageAnswer = z.infer<typeof ticketPageSchema>;

/** PUT /api/tickets/register/{controlNumber} and PUT /api/tickets/{id}: the ticket as saved. */
export const ticketSavedSchema = ticketAnswerSchema.extend({ message: z.string() });
export type TicketSaved = z.infer<typeof ticketSavedSchema>;

/** GET /api/tickets/stats: the totals the Tickets tab's cards show (revenue in pesos). */
export const ticketStatsSchema = z.object({
  success: z.literal(true),
  total: z.number().int(),
  registered_count: z.number().int(),
  unregistered_count: z.number().int(),
  revenue: z.number(),
});
export type TicketStats = Omit<z.infer<typeof ticketStatsSchema>, "success">;

/** GET /api/tickets/count. */
export const ticketCountSchema = z.object({
  success: z.literal(true),
  total: z.number().int(),
  registered: z.number().int(),
  unregistered: z.number().int(),
});
export type TicketCount = z.infer<typeof ticketCountSchema>;

/** POST /api/tickets/generate and /mobile/generate (201): `ticket` for one, `tickets` and `count` for several. */
export const ticketsGeneratedSchema = z.union([
  z.object({ success: z.literal(true), message: z.string(), ticket: ticketSchema }),
  z.object({ success: z.literal(true), message: z.string(), tickets: z.array(ticketSchema), count: z.number().int() }),
]);
export type TicketsGenerated = z.infer<typeof ticketsGeneratedSchema>;

/** POST /api/tickets/admin/generate-custom-range (201): what was made, what was taken already, what failed. */
export const customRangeResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  stats: z.object({
    generated: z.number().int(),
    skipped: z.number().int(),
    failed: z.number().int(),
    requested: z.number().int(),
    startRange: z.number().int(),
    endRange: z.number().int(),
  }),
  tickets: z.array(ticketSchema),
  skipped: z.array(z.number().int()),
  errors: z.array(z.object({ number: z.number().int(), error: z.string() })),
});
export type CustomRangeResult = z.infer<typeof customRangeResultSchema>;

/** POST /api/tickets/register-multiple: `success` is false when none was registered (still 200). */
export const registerMultipleResultSchema = z.object({
  success: z.boolean(),
  message: z.string(),
  totalRequested: z.number().int(),
  registeredCount: z.number().int(),
  registeredTickets: z.array(visibleTicketSchema),
  errors: z.array(z.string()),
});
export type RegisterMultipleResult = z.infer<typeof registerMultipleResultSchema>;

/** GET /api/tickets/validate: does the ticket exist, is its number free, is it registered. */
export const ticketValidationSchema = z.object({
  success: z.literal(true),
  valid: z.boolean(),
  exists: z.boolean(),
  available: z.boolean(),
  registered: z.boolean(),
  /** An existing ticket's. */
  control_number: z.string().optional(),
  /** Absent for a reference that is no ticket number at all; null for an id that names no ticket. */
  last_5_digits: z.string().nullable().optional(),
  buyer_name: z.string().nullable().optional(),
  message: z.string(),
});
export type TicketValidation = z.infer<typeof ticketValidationSchema>;

/** GET /api/tickets/used-digits: taken ticket numbers as [from, to] runs. */
export const usedDigitsSchema = z.object({
  success: z.literal(true),
  count: z.number().int(),
  ranges: z.array(z.tuple([z.number().int(), z.number().int()])),
});
export type UsedDigits = z.infer<typeof usedDigitsSchema>;

/** GET /api/tickets/find-available-range/{n}: the first run of n free ticket numbers. */
export const availableRangeSchema = z.object({
  success: z.literal(true),
  startRange: z.number().int(),
  endRange: z.number().int(),
  count: z.number().int(),
  start_digits: z.string(),
  end_digits: z.string(),
});
export type AvailableRange = z.infer<typeof availableRangeSchema>;

/** GET /api/tickets/creators (administrators): who created tickets, for the creator filter. */
export const ticketCreatorSchema = z.object({ email: z.string(), name: z.string().nullable() });
export type TicketCreator = z.infer<typeof ticketCreatorSchema>;
export const ticketCreatorsAnswerSchema = z.object({
  success: z.literal(true),
  creators: z.array(ticketCreatorSchema),
});

/** POST /api/tickets/send-email: the address the ticket went to. */
export const ticketEmailedSchema = z.object({ success: z.literal(true), message: z.string(), to: z.string() });
export type TicketEmailed = z.infer<typeof ticketEmailedSchema>;
export type TicketCreatorsAnswer = z.infer<typeof ticketCreatorsAnswerSchema>;
