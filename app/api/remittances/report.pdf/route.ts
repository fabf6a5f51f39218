// GET /api/remittances/report.pdf?seller= - remittance report for one seller or all (admin)
import { remittanceReportQuerySchema } from "@/lib/schemas/remittance";
import { apiRoute } from "@/server/http/api-route";
import { jobStreamResponse } from "@/server/jobs/job-response";
import { startReportPdf } from "@/server/remittances/remittance-pdfs";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { access: "admin", query: remittanceReportQuerySchema },
  async ({ query, principal, req }) => {
    const { run, fileName } = await startReportPdf({
      sellerId: query.seller,
      paper: query.paper,
      principal,
      signal: req.signal,
    });
    return jobStreamResponse(run, { contentType: "application/pdf", fileName });
  },
);
