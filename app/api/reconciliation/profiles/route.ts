// GET /api/reconciliation/profiles - the saved CSV column mapping of each bank profile (administrators)
import { apiRoute } from "@/server/http/api-route";
import { listProfiles } from "@/server/reconciliation/list-profiles";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ principal }) => listProfiles({ principal }));
