import "server-only";
import type { Settings } from "@/lib/api/settings";
import { MAX_TICKET_NUMBER } from "@/lib/constants";
import { SETTINGS_MESSAGES, type SettingKey, type UpdateSettingsInput } from "@/lib/schemas/settings";
import { writeAudit } from "@/server/audit";
import type { Principal } from "@/server/auth/principal";
import { requireAdmin } from "@/server/auth/require-admin";
import { db } from "@/server/db/client";
import { AppError } from "@/server/http/errors";
import { getSettings } from "@/server/settings/get-settings";
import { serializeSettings } from "@/server/settings/serialize-settings";
import { withStorageUsage } from "@/server/settings/storage-usage";

const toColumn = (key: string) => key.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());

/** What the answer tells the caller about the saved settings beyond the values themselves. */
export function settingsNotices(settings: Pick<Settings, "max_ticket_limit">): string[] {
  return settings.max_ticket_limit > MAX_TICKET_NUMBER ? [SETTINGS_MESSAGES.limitAboveNumbers] : [];
}

/**
 * PUT /api/settings: changes only the settings named, under a row lock so two administrators
 * saving different fields at once both keep theirs, with one audit row holding before and after
 * of exactly what changed. Every reader takes the new values on its next request: nothing caches
 * them (docs/decisions/025-settings-take-effect.md).
 */
export async function updateSettings(options: { principal: Principal; changes: UpdateSettingsInput }) {
  requireAdmin(options.principal);
  const user = options.principal.user;
  const saved = await db().$transaction(async (tx) => {
    await tx.$queryRaw`SELECT 1 AS locked FROM settings WHERE id = 1 FOR UPDATE`;
    const before = serializeSettings(await getSettings(tx));
    const changed = (Object.keys(options.changes) as SettingKey[]).filter(
      (key) => options.changes[key] !== before[key],
    );
    if (changed.length === 0) return before;
    if (changed.includes("ticket_prefix")) {
      // Control numbers keep the prefix they were made with: a change is for a raffle with no ticket yet.
      const [{ n }] = await tx.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM tickets`;
      if (n > 0) throw new AppError("conflict", SETTINGS_MESSAGES.ticketPrefixLocked(n, before.ticket_prefix));
    }
    const data = Object.fromEntries(
      changed.map((key) => [
        toColumn(key),
        key === "ticket_price" || key === "cash_on_hand_alert"
          ? Number(options.changes[key]).toFixed(2)
          : options.changes[key],
      ]),
    );
    const after = serializeSettings(await tx.settings.update({ where: { id: 1 }, data }));
    await writeAudit(tx, {
      actor: { id: user.id, email: user.email },
      action: "settings.update",
      entityType: "settings",
      entityId: "1",
      before: Object.fromEntries(changed.map((key) => [key, before[key]])),
      after: Object.fromEntries(changed.map((key) => [key, after[key]])),
    });
    return after;
  });
  return { settings: await withStorageUsage(saved), notices: settingsNotices(saved) };
}
