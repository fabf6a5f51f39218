import "server-only";
import type { Settings } from "@/lib/api/settings";
import { auditSafety } from "@/server/db/audit-safety";
import { sql } from "@/server/db/client";
import type { SettingsValues } from "@/server/settings/serialize-settings";

/** The bytes every attachment stores now, as the trigger keeps them (docs/decisions/069). */
export async function attachmentStorageUsedBytes(): Promise<number> {
  const [row] = await sql<{ used: string }>(`SELECT used_bytes::text AS used FROM attachment_storage WHERE id`);
  return Number(row?.used ?? 0);
}

/**
 * The administrators' settings answer: the values, the space attachments use, and whether the app's role could erase
 * the audit log.
 */
export async function withStorageUsage(values: SettingsValues): Promise<Settings> {
  const [used, safety] = await Promise.all([attachmentStorageUsedBytes(), auditSafety()]);
  return { ...values, attachment_storage_used_bytes: used, audit_safety_warning: safety.message };
}
