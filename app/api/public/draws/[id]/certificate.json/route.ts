// GET /api/public/draws/{id}/certificate.json - the signed certificate once the draw is revealed (no sign-in)
import { apiRoute } from "@/server/http/api-route";
import { certificateResponse, drawCertificate } from "@/server/draw/certificate";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ access: "public", skipApiKey: true }, async ({ params }) => {
  const certificate = await drawCertificate(params.id);
  return certificateResponse(certificate, certificate.drawNumber);
});
