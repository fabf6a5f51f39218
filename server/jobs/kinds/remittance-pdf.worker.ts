// Remittance receipts and reports, drawn in a worker thread (decision 085): the instance reads the
// database and hands the worker plain data; the worker draws with pdfkit and streams the bytes.
import { renderReceipt, renderReport, type RemittancePdfInput } from "@/server/pdf/remittance-documents";
import { jobWorker } from "@/server/jobs/worker-runtime";

export default jobWorker<RemittancePdfInput, { bytes: number }, { pages: number }>(async (input, job) => {
  const bytes =
    input.kind === "receipt"
      ? await renderReceipt(input.receipt, input.paper)
      : await renderReport(input.report, input.paper);
  await job.write(bytes);
  return { bytes: bytes.length };
});
