"use client";

// The Reconciliation screen (administrators; issue 21, docs/reconciliation.md): the five reports as
// tabs (the tab in the URL), each with its count and total in words and a CSV export; per-line
// decisions (confirm a suggestion, accept a mismatch with a comment, ignore with a reason, un-verify);
// the imports with Discard; and the import wizard. The line tabs page by 100 (the page in the URL).
import { useCallback, useState } from "react";
import dynamic from "next/dynamic";
import { urlInteger, urlLiteral } from "@/lib/url-state";
import { useUrlState } from "@/lib/use-url-state";
import { Download, FileUp } from "lucide-react";
import { PageHeader } from "@/components/dashboard/page-header";
import { RaffleStateNotice, useRaffleRefusal } from "@/components/raffle-state/raffle-state-notice";
import type { ReasonRequest } from "@/components/reconciliation/reason-dialog";
import { MoneyFigures } from "@/components/reconciliation/money-figures";
import { ClaimsTable } from "@/components/reconciliation/report-tables";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/sonner";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { errorMessage } from "@/lib/api-client";
import { reportCsvPath } from "@/lib/api/reconciliation";
import { formatCount, formatCountOf, formatDay } from "@/lib/format";
import { formatAmount } from "@/lib/money";
import {
  useDiscardImport,
  useReconciliationReport,
  useReconciliationReports,
  useStatementImports,
} from "@/lib/queries/reconciliation";
import { LEDGER_METHODS, LEDGER_STATES, type LedgerMethod, type LedgerState } from "@/lib/payment-ledger";
import { REPORT_LABELS, REPORT_NAMES, type ReportName } from "@/lib/reconciliation-names";

// The four line tabs' view (its table, phone cards, pager and line actions) loads when a line tab is
// first chosen, as Settings' tabs do (decisions 178 and 182): the screen opens on Unverified claims.
// Pointing at or focusing the tab list starts fetching it; a URL naming a line tab renders it on the server.
const loadLinesView = () => import("@/components/reconciliation/lines-view");
const LinesView = dynamic(() => loadLinesView().then((m) => m.LinesView), {
  loading: () => <Skeleton className="h-24 w-full" label="Loading the lines" />,
});

// The import wizard and the reason dialog load when first opened (decision 178).
const ImportWizard = dynamic(() => import("@/components/reconciliation/import-wizard").then((m) => m.ImportWizard), {
  ssr: false,
});
const PaymentsView = dynamic(() => import("@/components/reconciliation/payments-view").then((m) => m.PaymentsView), {
  loading: () => <Skeleton className="h-24 w-full" label="Loading the payments" />,
});
const ReasonDialog = dynamic(() => import("@/components/reconciliation/reason-dialog").then((m) => m.ReasonDialog), {
  ssr: false,
});

/** A tab's label wraps inside its cell on a phone rather than widening the list. */
const TAB_TRIGGER = "h-auto min-h-8 whitespace-normal sm:whitespace-nowrap";

/** The payment ledger's tab (issue 37) beside the five reports. */
const SCREEN_TABS = ["payments", ...REPORT_NAMES] as const;
type ScreenTab = (typeof SCREEN_TABS)[number];

const TAB_OF: Record<ReportName, string> = {
  "unverified-claims":
    "GCash and bank payments staff entered whose reference is in no imported statement " +
    "covering their day (or whose lines fall short): the sign of money that never " +
    "arrived. Settle by hand in the Payments tab what arrived another way.",
  unmatched:
    "Credits in the statements that no payment's reference explains. " +
    "Confirm a suggested payment, or ignore the line with a reason.",
  mismatches: "The reference is a payment's but the amount is not. Accept it with a comment, or ignore it.",
  duplicates: "The reference's payment was already covered by other lines.",
  matched: "Lines matched to payments; a payment is verified when its lines reach its amount.",
};

function ReportSummary({ name }: { name: ReportName }) {
  const { data: report, isError } = useReconciliationReport(name);
  const unit = name === "unverified-claims" ? "payment" : "line";
  // Why it failed is said once, above the list (SummaryError); here only that there is no figure.
  if (isError) return <span>not loaded</span>;
  if (!report) return <span>…</span>;
  return (
    <span data-testid={`summary-${name}`}>
      {formatCount(report.count)} {report.count === 1 ? unit : `${unit}s`}, {formatAmount(report.total)}
    </span>
  );
}

export function ReconciliationScreen() {
  // The tab and the line tab's page live in the URL (reload, bookmark, share); a new tab starts at page 1.
  // Each tab or page is a history entry (Back returns to it), as on the Tickets screen.
  const [{ tab, page, state, method }, setView] = useUrlState(
    {
      tab: urlLiteral(SCREEN_TABS).withDefault("unverified-claims"),
      page: urlInteger.withDefault(1),
      state: urlLiteral(LEDGER_STATES).withDefault("unverified"),
      method: urlLiteral(LEDGER_METHODS),
    },
    { history: "push" },
  );
  const setLedgerFilter = useCallback(
    (next: { state?: LedgerState; method?: LedgerMethod | null }) => void setView(next),
    [setView],
  );
  const setPage = useCallback(
    (p: number | null, options?: { replace?: boolean }) =>
      void setView({ page: p }, options?.replace ? { history: "replace" } : undefined),
    [setView],
  );
  const [wizardOpen, setWizardOpen] = useState(false);
  const [reason, setReason] = useState<ReasonRequest | null>(null);
  const wizardMounted = useOpenedOnce(wizardOpen);
  const reconcileRefusal = useRaffleRefusal("reconcile");
  const reasonMounted = useOpenedOnce(!!reason);

  return (
    <div className="min-w-0 space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader
          title="Reconciliation"
          description="GCash and bank statements matched to the payments staff entered, peso by peso."
        />
        <Button onClick={() => setWizardOpen(true)} disabled={reconcileRefusal !== null}>
          <FileUp />
          Import Statement
        </Button>
      </div>
      <RaffleStateNotice writes={["reconcile"]} />

      <Card>
        <CardHeader>
          <CardTitle className="text-base">Summary</CardTitle>
        </CardHeader>
        <CardContent>
          <SummaryError />
          <MoneyFigures className="mb-3 border-b pb-3" />
          <ul className="grid gap-1 text-sm sm:grid-cols-2" aria-label="Reconciliation summary">
            {REPORT_NAMES.map((name) => (
              <li key={name}>
                <span className="font-medium">{REPORT_LABELS[name]}:</span> <ReportSummary name={name} />
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <Tabs value={tab} onValueChange={(v) => void setView({ tab: v as ScreenTab, page: null })} className="min-w-0">
        {/* Two tabs a row on a phone, wrapping lines from 640 px: never a sideways scroll (decision 243). */}
        <TabsList
          className="grid h-auto w-full grid-cols-2 gap-1 sm:flex sm:w-fit sm:flex-wrap sm:justify-start sm:gap-0"
          onPointerEnter={() => void loadLinesView()}
          onFocus={() => void loadLinesView()}
        >
          <TabsTrigger value="payments" className={TAB_TRIGGER}>
            Payments
          </TabsTrigger>
          {REPORT_NAMES.map((name) => (
            <TabsTrigger key={name} value={name} className={TAB_TRIGGER}>
              {REPORT_LABELS[name]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="payments" className="min-w-0 space-y-3 pt-3">
          {tab === "payments" && (
            <PaymentsView state={state} method={method} onFilter={setLedgerFilter} onReason={setReason} />
          )}
        </TabsContent>
        {REPORT_NAMES.map((name) => (
          <TabsContent key={name} value={name} className="min-w-0 space-y-3 pt-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="space-y-1">
                <p className="text-sm text-muted-foreground">{TAB_OF[name]}</p>
                <p className="text-sm font-medium">
                  <ReportSummary name={name} />
                </p>
              </div>
              <Button variant="outline" size="sm" asChild>
                <a href={reportCsvPath(name)} download>
                  <Download />
                  Export CSV
                </a>
              </Button>
            </div>
            {tab === name &&
              (name === "unverified-claims" ? (
                <ClaimsTable />
              ) : (
                <LinesView report={name} page={Math.max(1, page)} onPageChange={setPage} onReason={setReason} />
              ))}
          </TabsContent>
        ))}
      </Tabs>

      <ImportsCard onReason={setReason} />
      {wizardMounted && <ImportWizard open={wizardOpen} onOpenChange={setWizardOpen} />}
      {reasonMounted && <ReasonDialog request={reason} onOpenChange={(open) => !open && setReason(null)} />}
    </div>
  );
}

/** The reports' failure, said once (the first failed report's message), not as five silent "…". */
function SummaryError() {
  const failed = useReconciliationReports().find((report) => report.isError);
  if (!failed) return null;
  return (
    <p role="alert" className="mb-2 text-sm text-destructive">
      The summary could not be loaded: {errorMessage(failed.error, "no answer from the server")}
    </p>
  );
}

function ImportsCard({ onReason }: { onReason: (r: ReasonRequest) => void }) {
  const imports = useStatementImports();
  const discard = useDiscardImport();
  const rows = imports.data?.imports ?? [];
  const coversText = (r: (typeof rows)[number]) =>
    r.periodFrom ? `${formatDay(r.periodFrom)} to ${formatDay(r.periodTo ?? r.periodFrom)}` : "—";
  const discardButton = (r: (typeof rows)[number]) =>
    r.discardedAt ? null : (
      <Button
        variant="outline"
        size="sm"
        onClick={() =>
          onReason({
            title: `Discard ${r.fileName}?`,
            description:
              "All its lines are discarded and the payments they verified go back to claimed. The record stays.",
            kind: "reason",
            action: "Discard Import",
            destructive: true,
            run: (reason) =>
              discard.mutateAsync({ importId: r.id, reason }).then(
                (a) =>
                  toast.success(
                    `Discarded ${formatCountOf(a.lines, "line")}; ` +
                      `${formatCountOf(a.unverified, "payment")} back to claimed`,
                  ),
                (e) => {
                  toast.error(errorMessage(e, "Discard failed"));
                  throw e;
                },
              ),
          })
        }
      >
        Discard
      </Button>
    );
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Imported statements</CardTitle>
      </CardHeader>
      <CardContent className="min-w-0">
        {/* "No statement imported yet" only once the list has said so, not while it loads or after it failed. */}
        {imports.isPending ? (
          <Skeleton className="h-16 w-full" label="Loading the imported statements" />
        ) : imports.isError ? (
          <p role="alert">{errorMessage(imports.error, "The imports could not be loaded")}</p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No statement imported yet.</p>
        ) : (
          <>
            {/* Fits at 1280 beside the sidebar (the account under its file, the reason wrapping) and
                becomes one card per statement below 1024 px (issue 38 item 8, decision 232). */}
            <Table className="hidden lg:table">
              <TableHeader>
                <TableRow>
                  <TableHead>File</TableHead>
                  <TableHead>Covers</TableHead>
                  <TableHead className="text-right">Lines (new / skipped)</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.id}>
                    <TableCell className="whitespace-normal">
                      <span className="block break-all">{r.fileName}</span>
                      <span className="block text-xs text-muted-foreground">{r.accountLabel}</span>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{coversText(r)}</TableCell>
                    <TableCell className="text-right tabular-nums">
                      {formatCount(r.lines)} ({formatCount(r.new)} / {formatCount(r.skipped)})
                    </TableCell>
                    <TableCell className="min-w-40 whitespace-normal">
                      {r.discardedAt ? `Discarded: ${r.discardReason}` : "Kept"}
                    </TableCell>
                    <TableCell>{discardButton(r)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <ul className="space-y-3 lg:hidden" aria-label="Imported statements">
              {rows.map((r) => (
                <li key={r.id} className="rounded-lg border p-3 text-sm">
                  <p className="font-medium break-all">{r.fileName}</p>
                  <p className="text-xs text-muted-foreground">{r.accountLabel}</p>
                  <p className="mt-1">
                    {coversText(r)} · {formatCountOf(r.lines, "line")} ({formatCount(r.new)} new,{" "}
                    {formatCount(r.skipped)} skipped)
                  </p>
                  <p className="break-words">{r.discardedAt ? `Discarded: ${r.discardReason}` : "Kept"}</p>
                  {!r.discardedAt && <div className="mt-2 border-t pt-2">{discardButton(r)}</div>}
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
