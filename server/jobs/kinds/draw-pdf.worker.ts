// The draw's Commitment Notice and Minutes of the Draw, drawn in a worker thread (decision 085):
// the instance reads the draw and signs the certificate; the worker draws with pdfkit.
import { renderCommitmentNotice, renderDrawMinutes, type DrawPdfInput } from "@/server/pdf/draw-documents";
import { jobWorker } from "@/server/jobs/worker-runtime";

export default jobWorker<DrawPdfInput, { bytes: number }, { pages: number }>(async (input, job) => {
  const bytes =
    input.kind === "commitment"
      ? await renderCommitmentNotice(input.notice, input.paper)
      : await renderDrawMinutes(input.minutes, input.paper);
  await job.write(bytes);
  return { bytes: bytes.length };
});
