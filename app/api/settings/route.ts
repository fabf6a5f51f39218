// GET|PUT /api/settings - read the site settings (any signed-in user; all fields for administrators) and change them
// (administrators)
import { updateSettingsSchema } from "@/lib/schemas/settings";
import { apiRoute } from "@/server/http/api-route";
import { readSettings } from "@/server/settings/read-settings";
import { updateSettings } from "@/server/settings/update-settings";
import type { SettingsSaved } from "@/lib/schemas/settings";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "user" }, async ({ principal }) => ({
  success: true,
  settings: await readSettings({ principal }),
}));

export const PUT = apiRoute(
  { access: "admin", body: updateSettingsSchema },
  async ({ principal, body }) =>
    ({
      success: true,
      ...(await updateSettings({ principal, changes: body })),
    }) satisfies SettingsSaved,
);
