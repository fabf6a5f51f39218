// GET /api/reconciliation/profiles - the saved CSV column mapping of each bank profile (administrators)
import { apiRoute } from "@/server/http/api-route";
import { listProfiles } from "@/server/reconciliation/list-profiles";
import type { ProfilesAnswer } from "@/lib/schemas/reconciliation-answers";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { access: "admin" },
  async ({ principal }) => (await listProfiles({ principal })) satisfies ProfilesAnswer,
);
