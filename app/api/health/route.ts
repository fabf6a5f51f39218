// GET /api/health - liveness and database check (anyone; no API key, for load balancers)
import { apiRoute, json } from "@/server/http/api-route";
import { checkHealth } from "@/server/health";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "public", skipApiKey: true }, async () => {
  const report = await checkHealth();
  return json(report, report.status === "ok" ? 200 : 503);
});
