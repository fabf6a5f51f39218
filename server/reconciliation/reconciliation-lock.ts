import "server-only";
import type { Prisma } from "@/generated/prisma/client";

/** Arbitrary constant: the transaction-scoped advisory lock every reconciliation write takes. */
const RECONCILIATION_LOCK = 40_417_021;

/**
 * Imports, matches, ignores, un-verifies and discards run one at a time (decision 112): matching
 * reads what other lines already cover, so two writers must not decide on the same payment at once.
 * They are rare (an administrator's clicks, a monthly statement); statements read after the lock is
 * taken see everything committed before it (READ COMMITTED on PostgreSQL; PGlite has one connection).
 */
export async function lockReconciliation(tx: Prisma.TransactionClient) {
  await tx.$queryRaw`SELECT 1 AS locked FROM pg_advisory_xact_lock(${RECONCILIATION_LOCK}::bigint)`;
}
