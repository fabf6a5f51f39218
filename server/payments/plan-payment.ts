import "server-only";
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { PAYMENT_METHODS, type PaymentMethod } from "@/lib/constants";
import { PAYMENT_MESSAGES, normalizeReference } from "@/lib/payments";
import type { PaymentChoice } from "@/lib/schemas/payment";
import type { Principal } from "@/server/auth/principal";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { earlierUseMessage, findEarlierUse, isSameBuyer } from "@/server/payments/earlier-use";

type Tx = Prisma.TransactionClient;

/** The unique index that holds one GCash reference per payment (prisma/schema.prisma, Payment). */
export const GCASH_REFERENCE_INDEX = "gcash_reference_key";

/** One payment a registration statement writes (a new one) or adds tickets to (an existing one). */
export interface PaymentPlan {
  /** Which rows of the statement's relation it pays for (`payment_key`). */
  key: string;
  id: string;
  existing: boolean;
  method: PaymentMethod;
  reference: string | null;
  reference_normalized: string | null;
  /** The unique key: the normalized reference of a GCash payment, else null. */
  gcash_reference_key: string | null;
  payer_name: string | null;
  payer_phone: string | null;
  /** The seller who took the money; null means the acting user. */
  collected_by_id: string | null;
}

/** An audit row the registration statement writes with the tickets (only if any ticket is registered). */
export interface ExtraAudit {
  action: string;
  entityType: string;
  entityId: string | null;
  after: Record<string, unknown>;
}

/** A ticket's payment defaults before it is sold (what generation or an edit gave the stub). */
export interface StubDefaults {
  payment_method: string;
  gcash_reference: string | null;
  payment_reference: string | null;
}

const asMethod = (value: string | null | undefined): PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(value ?? "") ? (value as PaymentMethod) : "cash";

/** A new payment's row for `method` and the reference as typed. */
export function newPayment(options: {
  key: string;
  method: PaymentMethod;
  reference: string | null;
  buyer: { name: string; phone: string | null };
  collectedById?: string | null;
}): PaymentPlan {
  const normalized = normalizeReference(options.reference);
  return {
    key: options.key,
    id: randomUUID(),
    existing: false,
    method: options.method,
    reference: options.reference?.trim() || null,
    reference_normalized: normalized,
    gcash_reference_key: options.method === "gcash" ? normalized : null,
    payer_name: options.buyer.name,
    payer_phone: options.buyer.phone,
    collected_by_id: options.collectedById ?? null,
  };
}

/**
 * The payment of one registration (single, multiple or an edit naming a buyer): the request's
 * method and reference, or, when the request names none, the stub's defaults; or the existing
 * payment `paymentId` names. Checks what code must check (a GCash payment has a reference, a
 * repeated bank reference is confirmed, tickets join another buyer's payment only by an
 * administrator with a reason); the database holds the rest (one GCash reference, one payment).
 */
export async function planPayment(options: {
  choice: PaymentChoice;
  stub: StubDefaults | null;
  buyer: { name: string; phone: string | null };
  principal: Principal;
  tx?: Tx;
}): Promise<{ plan: PaymentPlan; audit: ExtraAudit[] }> {
  const { choice, stub, buyer } = options;
  if (choice.paymentId) return planExistingPayment({ ...options, paymentId: choice.paymentId });

  const method = choice.paymentMethod ?? asMethod(stub?.payment_method);
  const reference = choice.paymentMethod
    ? (choice.paymentReference ?? null)
    : (choice.paymentReference ??
      (method === "gcash"
        ? (stub?.gcash_reference ?? stub?.payment_reference ?? null)
        : (stub?.payment_reference ?? null)));
  const plan = newPayment({ key: "p", method, reference, buyer });
  const audit: ExtraAudit[] = [];

  if (method === "gcash" && !plan.reference_normalized) {
    throw new AppError("validation_failed", PAYMENT_MESSAGES.gcashReferenceRequired, {
      issues: [{ path: "paymentReference", message: PAYMENT_MESSAGES.gcashReferenceRequired }],
    });
  }
  if (method === "bank_transfer" && plan.reference_normalized) {
    const earlier = await findEarlierUse({ method, normalized: plan.reference_normalized, tx: options.tx });
    if (earlier && !choice.confirmReference) {
      throw new AppError(
        "reference_needs_confirmation",
        `${earlierUseMessage(plan.reference_normalized, earlier)}. Confirm to use it again.`,
        { extra: { paymentId: earlier.paymentId, controlNumber: earlier.controlNumber } },
      );
    }
    if (earlier) {
      audit.push({
        action: "payment.reference_confirmed",
        entityType: "payment",
        entityId: plan.id,
        after: {
          reference: plan.reference_normalized,
          earlierPaymentId: earlier.paymentId,
          earlierControlNumber: earlier.controlNumber,
        },
      });
    }
  }
  return { plan, audit };
}

async function planExistingPayment(options: {
  choice: PaymentChoice;
  paymentId: string;
  buyer: { name: string; phone: string | null };
  principal: Principal;
  tx?: Tx;
}): Promise<{ plan: PaymentPlan; audit: ExtraAudit[] }> {
  const { choice, buyer, principal } = options;
  const payment = await (options.tx ?? db()).payment.findUnique({ where: { id: options.paymentId } });
  if (!payment) throw new AppError("not_found", "Payment not found");
  if (choice.paymentMethod && choice.paymentMethod !== payment.method) {
    const message =
      `Payment ${payment.id} is a ${payment.method} payment: ` + `leave the method out or send ${payment.method}`;
    throw new AppError("validation_failed", message, { issues: [{ path: "paymentMethod", message }] });
  }
  const sameBuyer = isSameBuyer({ name: payment.payerName, phone: payment.payerPhone }, buyer);
  const audit: ExtraAudit[] = [];
  if (!sameBuyer) {
    if (!principal.user.isAdmin)
      throw new AppError("forbidden", "Only an administrator can add tickets to another buyer's payment");
    if (!choice.reason) {
      throw new AppError("validation_failed", PAYMENT_MESSAGES.reasonRequired, {
        issues: [{ path: "reason", message: PAYMENT_MESSAGES.reasonRequired }],
      });
    }
    audit.push({
      action: "payment.add_tickets",
      entityType: "payment",
      entityId: payment.id,
      after: { reason: choice.reason, payerName: payment.payerName, buyerName: buyer.name },
    });
  }
  return {
    plan: {
      key: "p",
      id: payment.id,
      existing: true,
      method: asMethod(payment.method),
      reference: payment.reference,
      reference_normalized: payment.referenceNormalized,
      gcash_reference_key: payment.gcashReferenceKey,
      payer_name: payment.payerName,
      payer_phone: payment.payerPhone,
      collected_by_id: payment.collectedById,
    },
    audit,
  };
}

/**
 * A registration refused by the unique GCash key: the 409 naming the earlier use, with the earlier
 * payment's id and whether it is the same buyer's (the screen then offers to add to it).
 */
export async function duplicateReferenceError(options: {
  normalized: string;
  buyer: { name: string; phone: string | null };
  cause?: unknown;
}) {
  const earlier = await findEarlierUse({ method: "gcash", normalized: options.normalized });
  const message = earlier
    ? earlierUseMessage(options.normalized, earlier)
    : `Reference ${options.normalized} was already used for another payment`;
  return new AppError("duplicate_reference", message, {
    cause: options.cause,
    issues: [{ path: "paymentReference", message }],
    extra: earlier
      ? {
          paymentId: earlier.paymentId,
          controlNumber: earlier.controlNumber,
          sameBuyer: isSameBuyer({ name: earlier.payerName, phone: earlier.payerPhone }, options.buyer),
        }
      : {},
  });
}
