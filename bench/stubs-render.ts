// The stub renderer alone (issue 22), in one process, as the stubs.pdf worker runs it: N stubs drawn
// page by page into pdfkit, the bytes counted (not kept). Prints the time, the PDF size and the
// process's RSS growth (and, with node's --expose-gc, the heap the document still holds at its end);
// a quick check between bench/stubs.ts runs (no database, no server).
//   node --expose-gc --import tsx bench/stubs-render.ts [--stubs 10000] [--layout 5-up] [--paper a4] [--no-forms]
// [--out file.pdf] (--out keeps the bytes in a file, to look at a page: pdftoppm -png -r 60 -f 1 -l 1 file.pdf /tmp/x)
import { createWriteStream } from "node:fs";
import { parseArgs } from "node:util";
import { pageCount } from "@/lib/stubs/stub-layout";
import { createPdf } from "@/server/pdf/pdf-document";
import { createStubPainter, type StubRow, type StubSheetOptions } from "@/server/stubs/render-stubs";

const { values: args } = parseArgs({
  options: {
    stubs: { type: "string", default: "10000" },
    layout: { type: "string", default: "5-up" },
    paper: { type: "string", default: "a4" },
    "no-forms": { type: "boolean", default: false },
    out: { type: "string" },
  },
});
const count = Number(args.stubs);
const layout = args.layout as StubSheetOptions["layout"];
const options: StubSheetOptions = {
  paper: args.paper as StubSheetOptions["paper"],
  layout,
  order: "sequential",
  calibration: false,
  raffle: {
    name: "Batch 2000 Homecoming Raffle",
    permitNumber: "FTEB-12345 Series of 2026",
    drawText: "Sun, 20 Dec 2026, 3:00 PM",
    venue: "Peñaflor Covered Court",
    priceText: "₱50.00",
    prizesText: "Prizes: 1st Motorcycle · 2nd Rice cooker · 3rd Smart TV",
  },
  verifyBaseUrl: "https://raffle.example.ph",
  keyVersion: "1",
  keyHex: "11".repeat(32),
  fixedPartsOnce: !args["no-forms"],
};
const stubs: StubRow[] = Array.from({ length: count }, (_, i) => [
  i + 1,
  `B2K-123-${String(i + 1).padStart(5, "0")}`,
  i % 3 === 0 ? `Buyer ${i + 1} Dela Cruz` : null,
  i % 7 === 0 ? 2 : 1,
  1,
]);

(globalThis as { gc?: () => void }).gc?.();
const rss0 = process.memoryUsage().rss;
const heap0 = process.memoryUsage().heapUsed;
let peak = rss0;
const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
const started = performance.now();
const doc = createPdf({
  paper: options.paper,
  title: "bench",
  noPrintScaling: true,
  margin: 0,
  creationDate: new Date(0),
});
let bytes = 0;
const done = new Promise<void>((resolve) => doc.on("end", resolve));
doc.on("data", (chunk: Buffer) => (bytes += chunk.length));
if (args.out) doc.pipe(createWriteStream(args.out));
const drawPage = createStubPainter(doc, options, stubs);
const pages = pageCount(count, layout);
for (let page = 1; page <= pages; page++) {
  drawPage(page);
  if (page % 50 === 0) await new Promise((r) => setImmediate(r));
}
doc.end();
await done;
clearInterval(sample);
peak = Math.max(peak, process.memoryUsage().rss);
const ms = performance.now() - started;
// What the document still holds when it ends (with --expose-gc): growth that is kept, not garbage.
(globalThis as { gc?: () => void }).gc?.();
const heldMb = Math.round((process.memoryUsage().heapUsed - heap0) / 1048576);
console.log(
  JSON.stringify({
    stubs: count,
    layout,
    fixedPartsOnce: options.fixedPartsOnce,
    seconds: +(ms / 1000).toFixed(2),
    mb: +(bytes / 1048576).toFixed(1),
    rssGrowthMb: Math.round((peak - rss0) / 1048576),
    heldMb,
    load: (await import("node:os")).loadavg().map((l) => +l.toFixed(1)),
  }),
);
