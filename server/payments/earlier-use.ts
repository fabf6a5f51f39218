import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { sql } from "@/server/db/client";
import type { PaymentMethod } from "@/lib/constants";

type Tx = Prisma.TransactionClient;

/** The payment that already holds a reference, as the 409 messages name it. */
export interface EarlierUse {
  paymentId: string;
  /** The lowest-numbered ticket of that payment ("a deleted ticket" when none is left). */
  controlNumber: string;
  /** Its registration day, YYYY-MM-DD in the raffle's timezone. */
  registeredOn: string;
  /** The seller's display name (or e-mail). */
  seller: string;
  payerName: string | null;
  payerPhone: string | null;
}

interface Row {
  payment_id: string;
  control_number: string | null;
  registered_on: string;
  seller: string | null;
  payer_name: string | null;
  payer_phone: string | null;
}

/**
 * The earliest payment of `method` whose normalized reference is `normalized` (for GCash, the one
 * that holds the unique key). Read outside or inside the caller's transaction.
 */
export async function findEarlierUse(options: {
  method: PaymentMethod;
  normalized: string;
  tx?: Tx;
}): Promise<EarlierUse | null> {
  const text =
    `
    SELECT p.id AS payment_id, f.control_number,
           to_char(coalesce(f.registered_at, p.collected_at) AT TIME ZONE raffle_timezone(), 'YYYY-MM-DD') AS ` +
    `registered_on,
           coalesce(nullif(btrim(u.display_name), ''), u.email) AS seller, p.payer_name, p.payer_phone
    FROM payments p
    LEFT JOIN LATERAL (
      SELECT t.control_number, t.registered_at FROM tickets t WHERE t.payment_id = p.id ORDER BY t.ticket_number ` +
    `LIMIT 1
    ) f ON true
    LEFT JOIN users u ON u.id = p.collected_by_id
    WHERE ${options.method === "gcash" ? "p.gcash_reference_key = $1" : "p.reference_normalized = $1 AND p.method = $2"}
    ORDER BY p.collected_at, p.id LIMIT 1`;
  const params = options.method === "gcash" ? [options.normalized] : [options.normalized, options.method];
  const rows = options.tx ? await options.tx.$queryRawUnsafe<Row[]>(text, ...params) : await sql<Row>(text, params);
  const row = rows[0];
  if (!row) return null;
  return {
    paymentId: row.payment_id,
    controlNumber: row.control_number ?? "a deleted ticket",
    registeredOn: row.registered_on,
    seller: row.seller ?? "an unknown seller",
    payerName: row.payer_name,
    payerPhone: row.payer_phone,
  };
}

/** 'Reference 1001543610110 was already used for B2K-123-00042 (registered 2026-11-20 by Ana Cruz)' */
export function earlierUseMessage(
  normalized: string,
  use: Pick<EarlierUse, "controlNumber" | "registeredOn" | "seller">,
): string {
  return (
    `Reference ${normalized} was already used for ${use.controlNumber} ` +
    `(registered ${use.registeredOn} by ${use.seller})`
  );
}

/** Same buyer: the same name (case and outer spaces aside) and, when both have one, the same phone. */
export function isSameBuyer(
  a: { name: string | null; phone: string | null },
  b: { name: string | null; phone: string | null },
): boolean {
  const name = (v: string | null) => (v ?? "").trim().toLowerCase();
  if (!name(a.name) || name(a.name) !== name(b.name)) return false;
  return !a.phone || !b.phone || a.phone.replace(/\D/g, "") === b.phone.replace(/\D/g, "");
}
