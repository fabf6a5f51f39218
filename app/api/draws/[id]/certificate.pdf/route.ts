// GET /api/draws/{id}/certificate.pdf - the signed certificate as the Minutes of the Draw, with signature lines (admin)
import { receiptQuerySchema } from "@/lib/schemas/remittance";
import { apiRoute } from "@/server/http/api-route";
import { startCertificatePdf } from "@/server/draw/draw-pdfs";
import { jobStreamResponse } from "@/server/jobs/job-response";
import { appOrigin } from "@/server/http/request-guards";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { access: "admin", query: receiptQuerySchema },
  async ({ params, query, principal, req }) => {
    const { run, fileName } = await startCertificatePdf({
      id: params.id,
      paper: query.paper,
      origin: appOrigin(req),
      principal,
      signal: req.signal,
    });
    return jobStreamResponse(run, { contentType: "application/pdf", fileName });
  },
);
