// GET /api/remittances/{id}/receipt.pdf - the receipt, seller's and treasurer's copies (admin, or the seller's own)
import { receiptQuerySchema } from "@/lib/schemas/remittance";
import { apiRoute } from "@/server/http/api-route";
import { jobStreamResponse } from "@/server/jobs/job-response";
import { startReceiptPdf } from "@/server/remittances/remittance-pdfs";

export const dynamic = "force-dynamic";

export const GET = apiRoute(
  { access: "user", query: receiptQuerySchema },
  async ({ params, query, principal, req }) => {
    const { run, fileName } = await startReceiptPdf({
      id: params.id,
      paper: query.paper,
      principal,
      signal: req.signal,
    });
    return jobStreamResponse(run, { contentType: "application/pdf", fileName });
  },
);
