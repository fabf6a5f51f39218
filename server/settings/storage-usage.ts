import "server-only";
import type { Settings } from "@/lib/api/settings";
import { sql } from "@/server/db/client";
import type { SettingsValues } from "@/server/settings/serialize-settings";

/** The bytes every attachment stores now, as the trigger keeps them (docs/decisions/069). */
export async function attachmentStorageUsedBytes(): Promise<number> {
  const [row] = await sql<{ used: string }>(`SELECT used_bytes::text AS used FROM attachment_storage WHERE id`);
  return Number(row?.used ?? 0);
}

/** The administrators' settings answer: the values and the space attachments use. */
export async function withStorageUsage(values: SettingsValues): Promise<Settings> {
  return { ...values, attachment_storage_used_bytes: await attachmentStorageUsedBytes() };
}
