import "server-only";
import type { Principal } from "@/server/auth/principal";
import { getSettings } from "@/server/settings/get-settings";
import { serializePublicSettings, serializeSettings } from "@/server/settings/serialize-settings";
import { withStorageUsage } from "@/server/settings/storage-usage";

/** GET /api/settings: every field for administrators, the screens' part for everyone else. */
export async function readSettings(options: { principal: Principal }) {
  const row = await getSettings();
  return options.principal.user.isAdmin ? withStorageUsage(serializeSettings(row)) : serializePublicSettings(row);
}
