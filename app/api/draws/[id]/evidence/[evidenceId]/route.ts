// GET /api/draws/{id}/evidence/{evidenceId} - a disqualification's evidence file, as a download (admin)
import { apiRoute } from "@/server/http/api-route";
import { readEvidence } from "@/server/draw/evidence";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ params, principal }) =>
  readEvidence({ id: params.id, evidenceId: params.evidenceId, principal }),
);
