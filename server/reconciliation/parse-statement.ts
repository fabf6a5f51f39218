import "server-only";
import type { ColumnMapping, StatementKind } from "@/lib/schemas/reconciliation";
import type { Principal } from "@/server/auth/principal";
import { statementParseJob } from "@/server/jobs/kinds/statement-parse";
import type { StatementParseResult } from "@/server/jobs/kinds/statement-parse.worker";
import { startJob } from "@/server/jobs/start-job";
import type { ParsedLine } from "@/server/reconciliation/statement-values";

export interface ParsedFile extends StatementParseResult {
  lines: ParsedLine[];
  jobId: string;
}

/**
 * Reads a statement file in the `statement.parse` worker (decision 111): 20 s, 10 MB; a file that
 * cannot be read as asked rejects with the refusal (422 wrong_password, password_required,
 * not_a_gcash_statement, missing_columns, invalid_statement, file_too_complex; 413 file_too_large; 504 job_timeout).
 * The password travels only in the worker's start data, never into the jobs row or a log line.
 */
export async function parseStatement(options: {
  principal: Principal;
  bytes: Uint8Array;
  kind: StatementKind;
  accountLabel: string;
  mapping?: ColumnMapping;
  password?: string;
  jobId?: string | null;
  signal?: AbortSignal;
}): Promise<ParsedFile> {
  const { bytes } = options;
  async function* input() {
    for (let i = 0; i < bytes.byteLength; i += 1 << 20) yield bytes.subarray(i, i + (1 << 20));
  }
  const run = await startJob(statementParseJob, {
    principal: options.principal,
    input: {
      kind: options.kind,
      accountLabel: options.accountLabel,
      mapping: options.mapping,
      password: options.password,
    },
    input$: input(),
    id: options.jobId,
    signal: options.signal,
  });
  const lines: ParsedLine[] = [];
  try {
    for await (const batch of run.items) lines.push(...batch.lines);
  } catch {
    // The job's failure is the result's rejection, read below.
  }
  const result = await run.result;
  return { ...result, lines, jobId: run.id };
}
