import "server-only";
import { bootstrapAdmins } from "@/server/auth/bootstrap-admins";
import { sealAuditLog, startPeriodicSealing } from "@/server/activity/seal-audit-log";
import { auditSafety } from "@/server/db/audit-safety";
import { migrate } from "@/server/db/migrate";
import { EnvError, env } from "@/server/env";
import { ensureInstallationSecrets } from "@/server/secrets/installation-secrets";

/**
 * Start-up work shared by `next start`/`next dev` (instrumentation.ts) and the scripts:
 * configuration is validated first, so a bad variable stops the server with one line
 * naming it rather than a stack trace at the first request.
 */
export async function startServer() {
  try {
    env();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  try {
    const result = await migrate();
    if (result.applied.length)
      console.log(`database: applied ${result.applied.length} migration(s): ${result.applied.join(", ")}`);
  } catch (error) {
    console.error(`database: cannot apply migrations: ${(error as Error).message.split("\n")[0]}`);
    process.exit(1);
  }
  try {
    // The raffle's keys (docs/decisions/052): made now on a first start, so no request waits for one.
    await ensureInstallationSecrets();
  } catch (error) {
    console.error(`keys: cannot read or create the installation's keys: ${(error as Error).message.split("\n")[0]}`);
    process.exit(1);
  }
  try {
    // Can the app's role erase its own records? Said at every start (docs/decisions/211).
    const safety = await auditSafety();
    if (safety.canRewrite) console.warn(`database: warning: ${safety.message}`);
  } catch (error) {
    console.warn(`database: cannot check the app role's rights: ${(error as Error).message.split("\n")[0]}`);
  }
  try {
    // The audit rows written since the last run take their place in the hash chain (docs/decisions/211),
    // and from now on once a minute.
    const sealed = await sealAuditLog();
    if (sealed) console.log(`audit: sealed ${sealed} audit row(s) into the hash chain`);
  } catch (error) {
    console.warn(`audit: cannot seal the audit log: ${(error as Error).message.split("\n")[0]}`);
  }
  startPeriodicSealing();
  try {
    const added = await bootstrapAdmins(env().ADMIN_EMAILS);
    if (added.length) console.log(`auth: added ${added.length} admin(s) from ADMIN_EMAILS: ${added.join(", ")}`);
  } catch (error) {
    console.error(`auth: cannot add the ADMIN_EMAILS admins: ${(error as Error).message.split("\n")[0]}`);
    process.exit(1);
  }
}
