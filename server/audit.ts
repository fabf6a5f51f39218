import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { AUDIT_ACTIONS, type AuditAction, type AuditDetail, type AuditEntity } from "@/lib/audit-actions";

type Tx = Prisma.TransactionClient;

export interface AuditActor {
  id: string | null;
  email: string | null;
}

/**
 * Appends one audit row inside the caller's transaction: the change and its record commit
 * together. The action comes from lib/audit-actions.ts, which also types what `before` and
 * `after` hold and gives the row its entity type.
 */
export async function writeAudit<A extends AuditAction>(
  tx: Tx,
  entry: {
    actor: AuditActor | null;
    action: A;
    /** Optional: the action's own entity type (lib/audit-actions.ts); a different one does not compile. */
    entityType?: AuditEntity<A>;
    entityId?: string | null;
  } & AuditDetail<A>,
) {
  const { before, after } = entry as { before?: unknown; after?: unknown };
  await tx.auditLog.create({
    data: {
      actorId: entry.actor?.id ?? null,
      actorEmail: entry.actor?.email ?? null,
      action: entry.action,
      entityType: AUDIT_ACTIONS[entry.action].entity,
      entityId: entry.entityId ?? null,
      before: toJson(before),
      after: toJson(after),
    },
  });
}

/** An action named in a SQL statement that writes audit rows itself (bulk paths): checked against the list. */
export function auditAction<A extends AuditAction>(action: A): A {
  return action;
}

function toJson(value: unknown): Prisma.InputJsonValue | undefined {
  if (value === undefined || value === null) return undefined;
  return JSON.parse(JSON.stringify(value, (_k, v) => (typeof v === "bigint" ? v.toString() : v)));
}
