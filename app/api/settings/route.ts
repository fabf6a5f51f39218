// GET /api/settings - the site settings: all fields for administrators, the screens' part for others (any signed-in user)
import { apiRoute } from "@/server/http/api-route";
import { readSettings } from "@/server/settings/read-settings";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "user" }, async ({ principal }) => ({ success: true, settings: await readSettings({ principal }) }));
