import "server-only";
import type { ScriptRunner } from "@/server/db/client";

// The two-role setup (docs/decisions/062, docs/security.md): the tables belong to the owner role
// that applies migrations (DATABASE_OWNER_URL); the app runs as another role (DATABASE_URL) that
// may read and write the data but not alter, disable or drop anything, and may only read and
// append the audit records. Applied after every migration run, so new tables get the grants.

/** Tables the app may read and append to, never change. */
export const APPEND_ONLY_TABLES = ["audit_log", "audit_checkpoints"] as const;

/** The user name in a postgresql:// URL. */
export function roleOfUrl(url: string): string {
  const user = decodeURIComponent(new URL(url).username);
  if (!user) throw new Error("DATABASE_URL names no user: the two-role setup needs the app's role in it");
  return user;
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** The grants of the app's role, idempotent. Refuses when the app's role is the owner. */
export async function grantAppRole(runner: ScriptRunner, appRole: string): Promise<void> {
  const [{ owner }] = await runner.query<{ owner: string }>(
    `SELECT tableowner AS owner FROM pg_tables WHERE schemaname = 'public' AND tablename = 'audit_log'`,
  );
  if (owner === appRole)
    throw new Error(`DATABASE_URL's role ${appRole} owns the tables: DATABASE_OWNER_URL must name another role`);
  const role = quoteIdent(appRole);
  const appendOnly = APPEND_ONLY_TABLES.map(quoteIdent).join(", ");
  await runner.exec(`
    GRANT USAGE ON SCHEMA public TO ${role};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role};
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${role};
    REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${appendOnly} FROM ${role};
    REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "_prisma_migrations" FROM ${role};
  `);
}
