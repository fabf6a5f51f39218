import "server-only";
import { sql } from "@/server/db/client";

// Can the app's own database role erase its records? (issue 40, docs/decisions/211). Checked at start
// and shown to administrators on Settings: a superuser, a member of the tables' owner role (it may
// ALTER TABLE … DISABLE TRIGGER) or a role with TRUNCATE on audit_log or draw_pool can rewrite them
// whatever the triggers say. The two-role set-up (README, "Two database roles") prevents it; where it
// is not used, the audit log's hash chain still shows a rewrite in the archive's check.

export interface AuditSafety {
  /** True when the app's role could rewrite the audit log or the draw pool. */
  canRewrite: boolean;
  role: string;
  /** Why, one phrase each: "is a superuser", "owns audit_log", "may TRUNCATE draw_pool". */
  reasons: string[];
  /** The sentence for Settings and the start log (empty when nothing can be rewritten). */
  message: string;
}

const TABLES = ["audit_log", "draw_pool"] as const;

type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>;

/** The check, on the app's own connection (or, in tests, another role's). */
export async function checkAuditSafety(query: Query = sql): Promise<AuditSafety> {
  const rows = await query<{
    role: string;
    superuser: boolean;
    table_name: string;
    owns: boolean;
    can_truncate: boolean;
  }>(
    `SELECT current_user::text AS role, coalesce((SELECT rolsuper ` +
      `FROM pg_roles WHERE rolname = current_user), false) ` +
      `AS superuser,
       c.relname::text AS table_name, pg_has_role(current_user, c.relowner, 'MEMBER') AS owns, ` +
      `has_table_privilege(c.oid, 'TRUNCATE') AS can_truncate
     FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace AND c.relname = ANY($1::text[]) ORDER BY ` +
      `c.relname`,
    [[...TABLES]],
  );
  const role = rows[0]?.role ?? "unknown";
  const reasons: string[] = [];
  if (rows[0]?.superuser) reasons.push("is a superuser");
  else {
    const owned = rows.filter((r) => r.owns).map((r) => r.table_name);
    if (owned.length) reasons.push(`owns ${owned.join(" and ")} (so it may disable their triggers)`);
    const truncatable = rows.filter((r) => !r.owns && r.can_truncate).map((r) => r.table_name);
    if (truncatable.length) reasons.push(`may TRUNCATE ${truncatable.join(" and ")}`);
  }
  const canRewrite = reasons.length > 0;
  const message = canRewrite
    ? `The app's database role ${role} ${reasons.join(" and ")}, so it ` +
      `could erase or rewrite the audit log and the draw pool. ` +
      (`A rewrite still breaks the audit log's hash chain, which the archive's check reports; to ` +
        `prevent one, run the app as a second role: README, "Two database roles".`)
    : "";
  return { canRewrite, role, reasons, message };
}

const holder = globalThis as typeof globalThis & { __raffleAuditSafety?: Promise<AuditSafety> };

/** The check, once per process (the role does not change while the app runs). */
export function auditSafety(): Promise<AuditSafety> {
  holder.__raffleAuditSafety ??= checkAuditSafety().catch((error: unknown) => {
    holder.__raffleAuditSafety = undefined;
    throw error;
  });
  return holder.__raffleAuditSafety;
}
