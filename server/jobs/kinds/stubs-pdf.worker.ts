// The stub PDF job, run in a worker thread (issue 22): reads the stubs (JSON, fed by the instance
// after its print-log transaction), draws them page by page with pdfkit and streams each page's
// bytes as it is made, with backpressure (server/jobs). No database here.
import { pageCount } from "@/lib/stubs/stub-layout";
import { createPdf } from "@/server/pdf/pdf-document";
import { JobError } from "@/server/jobs/protocol";
import { jobWorker } from "@/server/jobs/worker-runtime";
import {
  createStubPainter,
  drawCalibrationPage,
  type StubRow,
  type StubSheetOptions,
} from "@/server/stubs/render-stubs";

export interface StubsPdfInput extends StubSheetOptions {
  title: string;
  /** ISO time: the document's creation date (fixed, so a test can compare bytes). */
  createdAt: string;
}

export type StubsPdfProgress = {
  stubsDone: number;
  stubsTotal: number;
  pages: number;
};

async function readStubs(chunks: AsyncIterable<Uint8Array>): Promise<StubRow[]> {
  const parts: Buffer[] = [];
  for await (const chunk of chunks) parts.push(Buffer.from(chunk));
  const stubs = JSON.parse(Buffer.concat(parts).toString("utf8")) as StubRow[];
  if (!Array.isArray(stubs) || stubs.length === 0) throw new JobError("bad_request", "No stubs to print");
  return stubs;
}

export default jobWorker<StubsPdfInput, { pages: number; stubs: number }, StubsPdfProgress>(async (input, job) => {
  const stubs = await readStubs(job.input());
  const pages = pageCount(stubs.length, input.layout);
  job.progress({ stubsDone: 0, stubsTotal: stubs.length, pages: 0 });
  // No margin: pdfkit would start a new page for text drawn inside its bottom margin.
  const doc = createPdf({
    paper: input.paper,
    title: input.title,
    noPrintScaling: true,
    margin: 0,
    creationDate: new Date(input.createdAt),
  });
  const pending: Buffer[] = [];
  let ended = false;
  const done = new Promise<void>((resolve, reject) => {
    doc.on("end", () => {
      ended = true;
      resolve();
    });
    doc.on("error", reject);
  });
  doc.on("data", (chunk: Buffer) => pending.push(chunk));
  const flush = async () => {
    while (pending.length) await job.write(pending.shift()!);
  };
  if (input.calibration) drawCalibrationPage(doc, input.paper);
  const drawPage = createStubPainter(doc, input, stubs);
  const perPage = stubs.length / pages;
  for (let page = 1; page <= pages; page++) {
    drawPage(page);
    // pdfkit hands its bytes out through stream events, which fire only when this loop lets the
    // event loop turn: without this, 2,000 pages were drawn in one go and the PDF waited whole in
    // pdfkit's stream buffer — nothing reached the client before the last page (decision 150).
    await new Promise<void>((resolve) => setImmediate(resolve));
    // Writing waits while the reader is behind: a slow download slows the drawing, nothing piles up.
    if (pending.length) await flush();
    job.progress({ stubsDone: Math.min(stubs.length, Math.round(page * perPage)), pages: page });
  }
  doc.end();
  if (!ended) await done;
  await flush();
  return { pages: pages + (input.calibration ? 1 : 0), stubs: stubs.length };
});
