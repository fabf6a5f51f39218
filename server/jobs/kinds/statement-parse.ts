import "server-only";
import { Worker } from "node:worker_threads";
import { STATEMENT_PARSE_LIMIT_MS } from "@/lib/schemas/reconciliation";
import { defineJobKind } from "@/server/jobs/define-job-kind";
import type statementParse from "@/server/jobs/kinds/statement-parse.worker";

/**
 * POST /api/reconciliation/imports: a statement (GCash PDF or bank CSV, at most 10 MB) is read in a
 * worker (issue 21, decision 111): two at a time per instance, 20 s (the limit), 256 MB of
 * heap (pdf.js on a 10 MB PDF stays well under it).
 */
export const statementParseJob = defineJobKind<typeof statementParse>({
  kind: "statement.parse",
  label: "statement import",
  spawn: (options) => new Worker(new URL("./statement-parse.worker.ts", import.meta.url), { ...options }),
  concurrency: 2,
  timeLimitMs: STATEMENT_PARSE_LIMIT_MS,
  memoryLimitMb: 256,
  retryAfterSeconds: 10,
  itemWindow: 4,
});
