import "server-only";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import type { ReferenceClash } from "@/lib/schemas/payment";
import { db } from "@/server/db/client";

export type { ReferenceClash };

/**
 * GET /api/payments/reference-clashes: GCash payments the migration found sharing a reference with
 * another buyer's (docs/decisions/050). They were never merged: each is listed with the payment that
 * kept the reference, for an administrator to look into (a typo, or a claimed transfer).
 */
export async function listReferenceClashes(options: { principal: Principal }): Promise<ReferenceClash[]> {
  requireAdmin(options.principal);
  const rows = await db().$queryRaw<
    {
      id: string;
      reference: string | null;
      ref: string | null;
      payer: string | null;
      cns: string[];
      held_id: string | null;
      held_payer: string | null;
      held_cns: string[] | null;
    }[]
  >`
    SELECT p.id, p.reference, p.reference_normalized AS ref, p.payer_name AS payer,
      coalesce((SELECT array_agg(t.control_number ORDER BY t.ticket_number) FROM tickets t WHERE t.payment_id = p.id),
    '{}') AS cns,
      h.id AS held_id, h.payer_name AS held_payer,
      (SELECT array_agg(t.control_number ORDER BY t.ticket_number) FROM tickets t WHERE t.payment_id = h.id) AS held_cns
    FROM payments p LEFT JOIN payments h ON h.gcash_reference_key = p.reference_normalized
    WHERE p.reference_clash
    ORDER BY p.reference_normalized, p.collected_at`;
  return rows.map((r) => ({
    paymentId: r.id,
    reference: r.reference,
    referenceNormalized: r.ref,
    payerName: r.payer,
    controlNumbers: r.cns,
    heldBy: r.held_id ? { paymentId: r.held_id, payerName: r.held_payer, controlNumbers: r.held_cns ?? [] } : null,
  }));
}
