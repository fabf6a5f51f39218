// GET /api/draws/{id}/certificate.json - the signed certificate of a revealed draw (admin)
import { apiRoute } from "@/server/http/api-route";
import { certificateResponse, drawCertificate } from "@/server/draw/certificate";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "admin" }, async ({ params }) => {
  const certificate = await drawCertificate(params.id);
  return certificateResponse(certificate, certificate.drawNumber);
});
