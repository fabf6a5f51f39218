// The close-out archive (issue 24, docs/decisions/131), zipped in a worker thread (decision 085):
// the instance reads the database page by page and feeds the files' text as framed lines
// ({"f": name, "d": text}\n, a file's chunks together); the worker streams them into one ZIP
// (yazl), hashes each file and the whole ZIP as they pass, and ends with manifest.json (SHA-256 of
// every file), manifest.sig (Ed25519 over manifest.json's bytes), public-key.pem and README.txt.
// Binary pieces (attachments, when asked) come as {"f": name, "b": base64}. The PDFs (each draw's
// Minutes, the remittance report, the one-page summary) are drawn here too, from plain data in the
// job's input, by the same renderers as the PDF routes (docs/decisions/145), and hashed like the rest.
// Memory stays flat: no file is held whole (a PDF of a few pages is).
import { createHash, createPrivateKey, sign } from "node:crypto";
import { PassThrough } from "node:stream";
import { ZipFile } from "yazl";
import { jobWorker } from "@/server/jobs/worker-runtime";
import { renderCloseoutSummary, type CloseoutSummaryData } from "@/server/pdf/closeout-summary";
import { renderDrawMinutes, type MinutesData } from "@/server/pdf/draw-documents";
import type { PaperSize } from "@/server/pdf/pdf-document";
import { renderReport, type ReportData } from "@/server/pdf/remittance-documents";

/** A PDF the worker draws into the archive: its name and the renderer's data. */
export type ArchiveDocument =
  | { file: string; kind: "minutes"; minutes: MinutesData }
  | { file: string; kind: "remittance-report"; report: ReportData }
  | { file: string; kind: "summary"; summary: CloseoutSummaryData };

function renderDocument(d: ArchiveDocument, paper: PaperSize): Promise<Buffer> {
  if (d.kind === "minutes") return renderDrawMinutes(d.minutes, paper);
  if (d.kind === "remittance-report") return renderReport(d.report, paper);
  return renderCloseoutSummary(d.summary, paper);
}

export interface RaffleArchiveInput {
  privateKeyPem: string;
  publicKeyPem: string;
  appVersion: string;
  raffleStatus: string;
  exportedAt: string;
  readme: string;
  paper: PaperSize;
  documents: ArchiveDocument[];
}

export default jobWorker<
  RaffleArchiveInput,
  { sha256: string; sizeBytes: number; files: number },
  { files: number; bytes: number }
>(async (input, job) => {
  const zip = new ZipFile();
  const mtime = new Date(input.exportedAt);
  const zipHash = createHash("sha256");
  let zipSize = 0;
  // The ZIP's bytes go out as yazl makes them; its hash and size are what the download record keeps.
  const pump = (async () => {
    for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) {
      zipHash.update(chunk);
      zipSize += chunk.length;
      await job.write(chunk);
      job.progress({ bytes: zipSize });
    }
  })();

  const files: Record<string, { sha256: string; bytes: number }> = {};
  let current: { name: string; stream: PassThrough; hash: ReturnType<typeof createHash>; bytes: number } | null = null;
  const finish = () => {
    if (!current) return;
    current.stream.end();
    files[current.name] = { sha256: current.hash.digest("hex"), bytes: current.bytes };
    current = null;
  };
  const write = async (name: string, data: string | Buffer) => {
    if (current?.name !== name) {
      finish();
      // One entry per name (issue 36): a file that came back would be a second entry the manifest hashes only once.
      if (files[name])
        throw new Error(`The archive's file ${name} came in two pieces apart; each file must be sent whole.`);
      const stream = new PassThrough();
      zip.addReadStream(stream, name, { mtime });
      current = { name, stream, hash: createHash("sha256"), bytes: 0 };
      job.progress({ files: Object.keys(files).length + 1 });
    }
    const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
    current.hash.update(bytes);
    current.bytes += bytes.length;
    if (!current.stream.write(bytes)) await new Promise<void>((resolve) => current!.stream.once("drain", resolve));
  };

  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of job.input()) {
    pending += decoder.decode(chunk, { stream: true });
    let newline: number;
    while ((newline = pending.indexOf("\n")) >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      if (!line) continue;
      const { f, d, b } = JSON.parse(line) as { f: string; d?: string; b?: string };
      await write(f, b !== undefined ? Buffer.from(b, "base64") : (d ?? ""));
    }
  }
  finish();

  for (const document of input.documents) {
    await write(document.file, await renderDocument(document, input.paper));
    finish();
  }

  await write("README.txt", input.readme);
  await write("public-key.pem", input.publicKeyPem);
  finish();
  const manifest = Buffer.from(
    JSON.stringify(
      {
        format: "raffle-archive-v1",
        appVersion: input.appVersion,
        raffleStatus: input.raffleStatus,
        exportedAt: input.exportedAt,
        algorithm: "sha256",
        files,
      },
      null,
      2,
    ) + "\n",
    "utf8",
  );
  zip.addBuffer(manifest, "manifest.json", { mtime });
  zip.addBuffer(
    Buffer.from(sign(null, manifest, createPrivateKey(input.privateKeyPem)).toString("base64") + "\n"),
    "manifest.sig",
    { mtime },
  );
  zip.end();
  await pump;
  return { sha256: zipHash.digest("hex"), sizeBytes: zipSize, files: Object.keys(files).length + 2 };
});
