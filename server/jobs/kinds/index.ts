import "server-only";
import type { AnyJobKind } from "@/server/jobs/define-job-kind";
import { drawPdfJob } from "@/server/jobs/kinds/draw-pdf";
import { raffleArchiveJob } from "@/server/jobs/kinds/raffle-archive";
import { remittancePdfJob } from "@/server/jobs/kinds/remittance-pdf";
import { statementParseJob } from "@/server/jobs/kinds/statement-parse";
import { selfTestJob } from "@/server/jobs/kinds/self-test";
import { stubsPdfJob } from "@/server/jobs/kinds/stubs-pdf";
import { ticketImportJob } from "@/server/jobs/kinds/ticket-import";

/**
 * Every kind of heavy job, by name. A new kind is two files in this folder, `<name>.worker.ts`
 * (jobWorker(...): what runs in the thread) and `<name>.ts` (defineJobKind: limits and spawn),
 * and one line here. docs/architecture.md, "Heavy work".
 */
export const JOB_KINDS: Record<string, AnyJobKind> = {
  [selfTestJob.kind]: selfTestJob,
  [remittancePdfJob.kind]: remittancePdfJob,
  [stubsPdfJob.kind]: stubsPdfJob,
  [ticketImportJob.kind]: ticketImportJob,
  [statementParseJob.kind]: statementParseJob,
  [drawPdfJob.kind]: drawPdfJob,
  [raffleArchiveJob.kind]: raffleArchiveJob,
};
