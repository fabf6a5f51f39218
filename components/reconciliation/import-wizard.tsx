"use client";

// The statement import wizard (issue 21, decisions 111–112): upload → password (GCash PDF) or
// column mapping (bank CSV, saved per bank profile) → preview of every line and what it would become
// (nothing written) → commit. The parse runs in the server's worker; its progress is followed by job id.
import { useEffect, useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { FileUp, Upload } from "lucide-react";
import { useForm, useWatch } from "react-hook-form";
import { TextField } from "@/components/forms/field";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Form } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/components/ui/sonner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/api-client";
import type { ImportRequest } from "@/lib/api/reconciliation";
import { DataTablePagination } from "@/components/data-table/data-table-pagination";
import { formatCount, formatCountOf, formatStatementTime } from "@/lib/format";
import { formatAmount } from "@/lib/money";
import { useJob } from "@/lib/queries/jobs";
import { useBankProfiles, useCommitStatement, usePreviewStatement } from "@/lib/queries/reconciliation";
import { useRaffleTimezone } from "@/lib/queries/settings";
import {
  BANK_PROFILES,
  importFormSchema,
  LINE_STATE_LABELS,
  mappingOf,
  STATEMENT_MAX_BYTES,
  type ImportFormValues,
  type ImportPreview,
  type PreviewLine,
} from "@/lib/schemas/reconciliation";
import { builtInMapping, SAMPLE_BANKS } from "@/lib/statement-samples";
import { useReturnFocus } from "@/lib/use-return-focus";

const DEFAULTS: ImportFormValues = {
  kind: "gcash_pdf",
  accountLabel: "",
  password: "",
  profile: "",
  amountMode: "credit_debit",
  date: "",
  description: "",
  reference: "",
  amount: "",
  credit: "",
  debit: "",
};
const wouldBeLabel = (w: PreviewLine["wouldBe"]) =>
  w === "already_imported" ? "Already imported" : LINE_STATE_LABELS[w].label;
/** Lines a page in the preview (the line tabs' page size, decision 140). */
const PREVIEW_ROWS = 100;

export function ImportWizard({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  // Opened from buttons outside a DialogTrigger: Radix would leave the focus on the page's top.
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-3xl" data-testid="import-wizard" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>Import Statement</DialogTitle>
          <DialogDescription>
            A GCash transaction history (PDF, with its password) or a bank statement (CSV, with its columns). At most 10
            MB.
          </DialogDescription>
        </DialogHeader>
        {open && <Wizard onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function Wizard({ onDone }: { onDone: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [request, setRequest] = useState<ImportRequest | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [previewPage, setPreviewPage] = useState(1);
  const timeZone = useRaffleTimezone();
  const previewMutation = usePreviewStatement();
  const commitMutation = useCommitStatement();
  const profiles = useBankProfiles();
  const form = useForm<ImportFormValues>({
    resolver: zodResolver(importFormSchema),
    defaultValues: DEFAULTS,
    mode: "onTouched",
  });
  const kind = useWatch({ control: form.control, name: "kind" });
  const amountMode = useWatch({ control: form.control, name: "amountMode" });
  const profile = useWatch({ control: form.control, name: "profile" });

  // A profile fills the mapping in: the one saved at its last import, else the bank's own layout.
  useEffect(() => {
    const saved = profiles.data?.find((p) => p.name === profile)?.mapping ?? builtInMapping(profile);
    if (!saved) return;
    form.setValue("date", saved.date);
    form.setValue("description", saved.description ?? "");
    form.setValue("reference", saved.reference ?? "");
    form.setValue("amountMode", saved.amount ? "signed" : "credit_debit");
    form.setValue("amount", saved.amount ?? "");
    form.setValue("credit", saved.credit ?? "");
    form.setValue("debit", saved.debit ?? "");
  }, [profile, profiles.data, form]);

  const busy = previewMutation.isPending || commitMutation.isPending;

  function submit(values: ImportFormValues) {
    if (!file) {
      setFileError("Choose the statement file");
      return;
    }
    const input: ImportRequest = {
      file,
      kind: values.kind,
      accountLabel: values.accountLabel,
      password: values.kind === "gcash_pdf" ? values.password : undefined,
      mapping: mappingOf(values),
      profile: values.kind === "bank_csv" && values.profile ? values.profile : undefined,
      jobId: crypto.randomUUID(),
    };
    setRequest(input);
    previewMutation.mutate(input, {
      onSuccess: (answer) => {
        setPreviewPage(1);
        setPreview(answer);
      },
    });
  }

  function commit() {
    if (!request) return;
    commitMutation.mutate(
      { ...request, jobId: crypto.randomUUID() },
      {
        onSuccess: (answer) => {
          toast.success(
            `Imported ${formatCountOf(answer.new, "new line")} ` +
              `(${formatCount(answer.skipped)} ` +
              `skipped); ${formatCountOf(answer.matched, "payment")} matched`,
          );
          onDone();
        },
      },
    );
  }

  if (preview && request) {
    const counts = new Map<string, number>();
    for (const l of preview.lines) counts.set(l.wouldBe, (counts.get(l.wouldBe) ?? 0) + 1);
    const period = preview.periodFrom ? ` (${preview.periodFrom} to ${preview.periodTo})` : "";
    return (
      <div className="min-w-0 space-y-4" data-testid="import-preview">
        <p role="status">
          {formatCountOf(preview.lines.length, "credit line")} read
          {period}: {formatCount(preview.new)} new, {formatCount(preview.skipped)} skipped.{" "}
          {[...counts].map(([w, n]) => `${wouldBeLabel(w as PreviewLine["wouldBe"])}: ${formatCount(n)}`).join(" · ")}
        </p>
        {(preview.warnings ?? []).map((w) => (
          <p
            key={w}
            className="rounded-md border border-amber-500/50 bg-amber-500/10 p-2 text-sm"
            data-testid="import-warning"
          >
            {w}
          </p>
        ))}
        <div className="max-h-80 overflow-auto rounded-md border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Line</TableHead>
                <TableHead>Time</TableHead>
                <TableHead>Reference</TableHead>
                <TableHead className="text-right">Amount</TableHead>
                <TableHead>Would be</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {preview.lines.slice((previewPage - 1) * PREVIEW_ROWS, previewPage * PREVIEW_ROWS).map((l) => (
                <TableRow key={`${l.lineNo}-${l.reference}`}>
                  <TableCell className="tabular-nums">{l.lineNo}</TableCell>
                  <TableCell className="whitespace-nowrap">{formatStatementTime(l.occurredAt, timeZone)}</TableCell>
                  <TableCell className="font-mono text-xs">{l.reference ?? "—"}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatAmount(l.amount)}</TableCell>
                  <TableCell title={l.why}>{wouldBeLabel(l.wouldBe)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        {preview.lines.length > PREVIEW_ROWS && (
          <DataTablePagination
            page={previewPage}
            pageSize={PREVIEW_ROWS}
            total={preview.lines.length}
            noun={["line", "lines"]}
            onPageChange={setPreviewPage}
            label="Preview pages"
          />
        )}
        {commitMutation.isPending && <ParseProgress jobId={request.jobId} label="Importing" />}
        {commitMutation.isError && (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(commitMutation.error, "The import failed")}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => setPreview(null)} disabled={busy}>
            Back
          </Button>
          <Button type="button" onClick={commit} disabled={busy || preview.new === 0}>
            <Upload />
            {commitMutation.isPending
              ? "Importing..."
              : `Import ${formatCount(preview.new)} ${preview.new === 1 ? "Line" : "Lines"}`}
          </Button>
        </DialogFooter>
      </div>
    );
  }

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(submit)}
        className="min-w-0 space-y-4"
        aria-label="Statement details"
      >
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Kind of statement</legend>
          <div className="flex flex-wrap gap-4">
            {(["gcash_pdf", "bank_csv"] as const).map((k) => (
              <label key={k} className="flex items-center gap-2 text-sm">
                <input type="radio" value={k} {...form.register("kind")} className="size-4 accent-primary" />
                {k === "gcash_pdf" ? "GCash statement (PDF)" : "Bank statement (CSV)"}
              </label>
            ))}
          </div>
          <p className="text-xs text-muted-foreground">
            No statement at hand? Try a sample:{" "}
            <a className="underline underline-offset-2" href="/api/reconciliation/samples/gcash.pdf" download>
              GCash (PDF, no password)
            </a>
            {SAMPLE_BANKS.map((bank) => (
              <span key={bank}>
                {" · "}
                <a
                  className="underline underline-offset-2"
                  href={`/api/reconciliation/samples/${bank.toLowerCase()}.csv`}
                  download
                >
                  {bank} (CSV)
                </a>
              </span>
            ))}
            .
          </p>
        </fieldset>
        <div className="space-y-2">
          <Label htmlFor="statement-file">Statement file</Label>
          <Input
            id="statement-file"
            type="file"
            accept={kind === "gcash_pdf" ? "application/pdf,.pdf" : "text/csv,.csv"}
            aria-invalid={fileError ? true : undefined}
            aria-describedby={fileError ? "statement-file-error" : undefined}
            onChange={(e) => {
              const chosen = e.target.files?.[0] ?? null;
              setFileError(
                chosen && chosen.size > STATEMENT_MAX_BYTES ? "A statement file may be at most 10 MB" : null,
              );
              setFile(chosen && chosen.size <= STATEMENT_MAX_BYTES ? chosen : null);
            }}
          />
          {fileError && (
            <p id="statement-file-error" className="text-sm text-destructive">
              {fileError}
            </p>
          )}
        </div>
        <TextField<ImportFormValues, "accountLabel">
          name="accountLabel"
          label="Account"
          placeholder="GCash 0917 123 4567"
          description="Lines are unique per account: the same label for every statement of one account."
        />
        {kind === "gcash_pdf" ? (
          <TextField<ImportFormValues, "password">
            name="password"
            label="PDF password"
            type="password"
            autoComplete="off"
            description="Used to open the file, never stored."
          />
        ) : (
          <fieldset className="space-y-3 rounded-md border p-3">
            <legend className="px-1 text-sm font-medium">Columns of the file</legend>
            <div className="space-y-2">
              <Label htmlFor="bank-profile">Bank profile</Label>
              <select
                id="bank-profile"
                {...form.register("profile")}
                className="h-9 w-full rounded-md border border-input bg-background px-3 text-sm"
              >
                <option value="">None (do not save)</option>
                {BANK_PROFILES.map((p) => (
                  <option key={p} value={p}>
                    {p}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField<ImportFormValues, "date"> name="date" label="Date column" placeholder="Posting Date" />
              <TextField<ImportFormValues, "reference"> name="reference" label="Reference column" placeholder="Ref" />
              <TextField<ImportFormValues, "description">
                name="description"
                label="Description column"
                placeholder="Details"
              />
            </div>
            <div className="flex flex-wrap gap-4">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  value="credit_debit"
                  {...form.register("amountMode")}
                  className="size-4 accent-primary"
                />
                Credit and debit columns
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" value="signed" {...form.register("amountMode")} className="size-4 accent-primary" />
                One signed amount column
              </label>
            </div>
            {amountMode === "signed" ? (
              <TextField<ImportFormValues, "amount"> name="amount" label="Amount column" placeholder="Amount" />
            ) : (
              <div className="grid gap-3 sm:grid-cols-2">
                <TextField<ImportFormValues, "credit"> name="credit" label="Credit column" placeholder="Credit" />
                <TextField<ImportFormValues, "debit"> name="debit" label="Debit column" placeholder="Debit" />
              </div>
            )}
          </fieldset>
        )}
        {previewMutation.isPending && request && <ParseProgress jobId={request.jobId} label="Reading the statement" />}
        {previewMutation.isError && (
          <p role="alert" className="text-sm text-destructive" data-testid="import-error">
            {errorMessage(previewMutation.error, "The statement could not be read")}
          </p>
        )}
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            <FileUp />
            {previewMutation.isPending ? "Reading..." : "Preview"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

function ParseProgress({ jobId, label }: { jobId: string; label: string }) {
  const job = useJob(jobId).data;
  const pages = job?.progress.pages;
  const lines = job?.progress.linesRead;
  return (
    <div role="status" className="space-y-2 rounded-lg border p-3 text-sm">
      <p>
        {label}...
        {pages ? ` page ${formatCount(job?.progress.pagesRead ?? 0)} of ${formatCount(pages)}` : ""}
        {lines ? `, ${formatCountOf(lines, "line")}` : ""}
      </p>
      <Progress aria-label={`${label} in progress`} />
    </div>
  );
}
