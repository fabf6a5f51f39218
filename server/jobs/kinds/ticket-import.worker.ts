// The tickets CSV import's reading side, in a worker thread (decisions 085 and 080): the file
// arrives chunk by chunk (job.input()), papaparse reads it as a stream, each record is checked on
// its own (createImportRowReader), and valid rows go to the instance in batches (job.emit), which
// writes them in its one transaction. Only the current batch and papaparse's current chunk are in
// memory; row errors are counted, and only the first MAX_ERROR_LINES are kept.
import { Readable } from "node:stream";
import Papa from "papaparse";
import { IMPORT_MESSAGES } from "@/lib/schemas/ticket-import";
import { JobError } from "@/server/jobs/protocol";
import { jobWorker } from "@/server/jobs/worker-runtime";
import { createImportRowReader, type RowError, type ValidImportRow } from "@/server/tickets/import-row-reader";
import {
  IMPORT_BATCH_ROWS,
  IMPORT_TEXT_CHUNK_CHARS,
  MAX_ERROR_LINES,
  type TicketImportProgress,
  type TicketImportWorkerResult,
} from "@/server/tickets/import-limits";

export interface TicketImportJobInput {
  timeZone: string;
}

export interface TicketImportBatch {
  rows: ValidImportRow[];
}

/**
 * The input's bytes as text in pieces of at least IMPORT_TEXT_CHUNK_CHARS (papaparse re-reads a
 * record cut by a chunk's end from its start, so one long quoted field costs one re-read per chunk:
 * few large chunks keep that small). The byte order mark goes, and NUL characters.
 */
async function* textOf(bytes: AsyncIterable<Uint8Array>) {
  const decoder = new TextDecoder("utf-8");
  let pending = "";
  let first = true;
  for await (const chunk of bytes) {
    // NUL cannot be stored (decision 006): dropped, as the JSON body's cleaning does.
    pending += decoder.decode(chunk, { stream: true }).replace(/\0/g, "");
    if (first && pending.length > 0) {
      pending = pending.replace(/^\uFEFF/, "");
      first = false;
    }
    if (pending.length >= IMPORT_TEXT_CHUNK_CHARS) {
      yield pending;
      pending = "";
    }
  }
  pending += decoder.decode().replace(/\0/g, "");
  if (first) pending = pending.replace(/^\uFEFF/, "");
  if (pending) yield pending;
}

export default jobWorker<TicketImportJobInput, TicketImportWorkerResult, TicketImportProgress, TicketImportBatch>(
  async (input, job) => {
    const reader = createImportRowReader({ timeZone: input.timeZone });
    const errors: RowError[] = [];
    let errorCount = 0;
    let errorRows = 0;
    let total = 0;
    let index = 0;
    let refused: string | null = null;
    let batch: ValidImportRow[] = [];
    let failure: unknown = null;

    await new Promise<void>((resolve, reject) => {
      Papa.parse<string[]>(Readable.from(textOf(job.input())), {
        skipEmptyLines: false,
        step(results, parser) {
          const i = index++;
          const record = results.data;
          if (i === 0) {
            refused = reader.header(record);
            if (refused) parser.abort();
            return;
          }
          const parseErrors = results.errors.map((e) => e.message);
          const outcome = reader.record(record, i, parseErrors);
          if (outcome.kind === "blank") return;
          total++;
          if (total % 1000 === 0) job.progress({ rowsRead: total });
          if (outcome.kind === "errors") {
            errorRows++;
            errorCount += outcome.errors.length;
            for (const e of outcome.errors) if (errors.length < MAX_ERROR_LINES) errors.push(e);
            return;
          }
          batch.push(outcome.row);
          if (batch.length >= IMPORT_BATCH_ROWS) {
            const full = batch;
            batch = [];
            // The instance writes at its pace: the parser waits while it has a window's worth of batches.
            parser.pause();
            job.emit({ rows: full }).then(
              () => parser.resume(),
              (error) => {
                failure = error;
                parser.abort();
              },
            );
          }
        },
        complete: () => resolve(),
        error: (error: Error) => reject(error),
      });
    });
    if (failure) throw failure;
    if (refused) throw new JobError("validation_failed", refused);
    if (batch.length) await job.emit({ rows: batch });
    job.progress({ rowsRead: total });
    if (total === 0) throw new JobError("validation_failed", IMPORT_MESSAGES.csvEmpty);
    return { total, errors, errorCount, errorRows };
  },
);
