import "server-only";
import { isRegisteredBuyerName } from "@/lib/constants";
import { registrability, registrationFacts, type Refusal } from "@/lib/registrability";
import type { RegisterTicketPayload } from "@/lib/schemas/ticket";
import { TICKET_MESSAGES } from "@/lib/ticket-messages";
import type { Principal } from "@/server/auth/principal";
import { sql, statementName } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { violatesConstraint } from "@/server/http/db-errors";
import {
  duplicateReferenceError,
  GCASH_REFERENCE_INDEX,
  planPayment,
  type PaymentPlan,
} from "@/server/payments/plan-payment";
import { registrationStatement, saleRowsWhere, type RegistrationSource } from "@/server/tickets/registration";
import { findTicket, ticketRefCondition, TICKET_NOT_FOUND_BY_TERM } from "@/server/tickets/ticket-ref";
import type { Ticket } from "@/server/tickets/ticket-select";
import { voidWins } from "@/server/tickets/void-ticket";

/** A placeholder name ("N/A") would leave the ticket unregistered yet write it: refused before any SQL runs. */
export function requireRealBuyer(buyerName: string) {
  if (!isRegisteredBuyerName(buyerName)) throw new AppError("validation_failed", TICKET_MESSAGES.registerBuyerName);
}

/**
 * Runs a registration statement; a second claim on a GCash reference becomes the 409 naming the
 * earlier use.
 */
export async function runRegistration<T>(
  run: () => Promise<T>,
  payments: PaymentPlan[],
  buyer: { name: string; phone: string | null },
): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (violatesConstraint(error, GCASH_REFERENCE_INDEX)) {
      const claimed = payments.find((p) => p.gcash_reference_key && !p.existing);
      throw await duplicateReferenceError({ normalized: claimed?.gcash_reference_key ?? "", buyer, cause: error });
    }
    throw error;
  }
}

/** PUT /api/tickets/register/{controlNumber}: attach a buyer (and how they paid) to one unregistered ticket. */
export async function registerTicket(options: {
  ref: string;
  buyer: RegisterTicketPayload;
  principal: Principal;
  source?: RegistrationSource;
}) {
  try {
    return await register(options);
  } catch (error) {
    throw await voidWins(options.ref, error);
  }
}

async function register(options: {
  ref: string;
  buyer: RegisterTicketPayload;
  principal: Principal;
  source?: RegistrationSource;
}) {
  const { buyer, principal } = options;
  requireRealBuyer(buyer.buyerName);
  const where = ticketRefCondition(options.ref);
  if (!where) throw new AppError("not_found", TICKET_NOT_FOUND_BY_TERM);
  // Without a method in the request the stub's defaults pay: read them first (the write re-checks
  // everything it depends on). With one, the write is the only statement on the way to success.
  const stub = buyer.paymentMethod || buyer.paymentId ? null : await findTicket(options.ref);
  if (stub) refuseUnregistrable(stub);
  const payer = { name: buyer.buyerName, phone: buyer.phoneNumber };
  const { plan, audit } = await planPayment({ choice: buyer, stub, buyer: payer, principal });
  const statement = registrationStatement({
    rows: saleRowsWhere(where, buyer, { status: "registered" }),
    payments: [plan],
    principal,
    source: options.source ?? "register",
    audit,
  });
  // One statement, straight to the driver (the write every seller repeats all day; docs/performance.md),
  // prepared once per connection: its text is fixed per form of reference (decision 220).
  const [row] = await runRegistration(
    () => sql<Ticket>(statement.text, statement.values, statementName("register", statement.text)),
    [plan],
    payer,
  );
  if (row) return row;
  const existing = await findTicket(options.ref);
  if (!existing) throw new AppError("not_found", TICKET_NOT_FOUND_BY_TERM);
  refuseUnregistrable(existing);
  throw new AppError("conflict", "The ticket could not be registered. Please try again.");
}

/** Throws the 409 saying why a ticket cannot take a buyer (lib/registrability.ts decides which). */
export function refuseUnregistrable(
  ticket: Pick<Ticket, "control_number" | "voided_at" | "void_reason" | "is_registered" | "buyer_name">,
) {
  const refusal = registrability(registrationFacts(ticket));
  if (refusal) throw refusalError(refusal);
}

/** The API's error for a refusal: 409 ticket_voided, already_registered or sales_closed. */
export function refusalError(refusal: Refusal): AppError {
  const code =
    refusal.reason === "voided"
      ? "ticket_voided"
      : refusal.reason === "registered"
        ? "already_registered"
        : "sales_closed";
  return new AppError(code, refusal.message);
}
