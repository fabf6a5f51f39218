// GET /api/health/live - liveness: the process answers HTTP (anyone; no API key, no database).
// /api/health is the readiness check (it asks the database); see docs/api.md.
import { apiRoute } from "@/server/http/api-route";
import type { LiveReport } from "@/lib/schemas/health";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { access: "public", skipApiKey: true, noDatabase: true },
  async () => ({ status: "ok" }) satisfies LiveReport,
);
