import "server-only";
import { amountToCentavos, centavosToAmount } from "@/lib/money";
import type { PaymentMethod } from "@/lib/constants";
import type { RemittanceJson } from "@/lib/schemas/remittance";

/** A remittances row as the statements below select it (amount as text). */
export interface RemittanceRow {
  id: string;
  receipt_number: number;
  seller_id: string;
  amount: string;
  method: string;
  covers_until: Date;
  note: string | null;
  created_at: Date;
  received_by: string | null;
  voided_at: Date | null;
  void_reason: string | null;
}

/** Columns of alias `r` for RemittanceRow (received_by: the treasurer's address). */
export const REMITTANCE_COLUMNS =
  `r.id::text AS id, r.receipt_number, r.seller_id::text AS seller_id, r.amount::text ` +
  `AS amount, r.method,
  r.covers_until, r.note, r.created_at, (SELECT u.email FROM users u WHERE u.id = r.received_by_id) AS received_by, ` +
  `r.voided_at, r.void_reason`;

export function toRemittanceJson(row: RemittanceRow): RemittanceJson {
  return {
    id: row.id,
    receiptNumber: row.receipt_number,
    sellerId: row.seller_id,
    amount: centavosToAmount(amountToCentavos(row.amount)),
    method: row.method as PaymentMethod,
    coversUntil: row.covers_until.toISOString(),
    note: row.note,
    createdAt: row.created_at.toISOString(),
    receivedBy: row.received_by,
    voided: row.voided_at !== null,
    voidedAt: row.voided_at?.toISOString() ?? null,
    voidReason: row.void_reason,
  };
}
