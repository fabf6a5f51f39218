"use client";

// The Import Tickets modal (SPEC sections 2, 5 and 8): Download Template, choose a CSV file, a
// preview of its first 5 rows, Import (up to 300 s, with progress), then the result summary
// with Import More or Done. The server validates every row; this screen only checks the file.
import { useEffect, useRef, useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { CheckCircle2, Download, FileUp, TriangleAlert, Upload } from "lucide-react";
import Papa from "papaparse";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Progress } from "@/components/ui/progress";
import { toast } from "@/components/ui/sonner";
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useReturnFocus } from "@/lib/use-return-focus";
import { errorMessage } from "@/lib/api-client";
import { saveBlob } from "@/lib/save-blob";
import { TEMPLATE_FILE_NAME, isTemplateExampleId, normalizeHeader, ticketCsvTemplate } from "@/lib/csv/ticket-csv";
import { formatCount } from "@/lib/format";
import { newJobId } from "@/lib/api/jobs";
import { useJob } from "@/lib/queries/jobs";
import { useImportTickets } from "@/lib/queries/tickets";
import { importFileSchema, type ImportFileValues, type ImportResult } from "@/lib/schemas/ticket-import";

/** SPEC section 9: the CSV preview shows 5 rows. */
export const PREVIEW_ROWS = 5;

interface Preview {
  header: string[];
  rows: string[][];
}

export function ImportTicketsDialog({
  open,
  onOpenChange,
  importedBy,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  importedBy: string;
}) {
  const returnFocus = useReturnFocus(open);
  const [isBusy, setIsBusy] = useState(false);
  return (
    <Dialog open={open} onOpenChange={(next) => !isBusy && onOpenChange(next)}>
      <DialogContent className="sm:max-w-2xl" data-testid="import-dialog" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>Import Tickets</DialogTitle>
          <DialogDescription>
            Add tickets from a CSV file with the template&apos;s columns. Numbers already in the system are skipped.
          </DialogDescription>
        </DialogHeader>
        {open && <ImportForm importedBy={importedBy} onBusyChange={setIsBusy} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ImportForm({
  importedBy,
  onBusyChange,
  onDone,
}: {
  importedBy: string;
  onBusyChange: (busy: boolean) => void;
  onDone: () => void;
}) {
  const importTickets = useImportTickets();
  const form = useForm<ImportFileValues>({
    resolver: zodResolver(importFileSchema),
    defaultValues: { file: null },
    mode: "onChange",
  });
  const file = useWatch({ control: form.control, name: "file" });
  const inputRef = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const isImporting = startedAt !== null;

  useEffect(() => onBusyChange(isImporting), [isImporting, onBusyChange]);

  // The preview: the first rows of a valid file, parsed in the browser.
  useEffect(() => {
    if (!file || !importFileSchema.safeParse({ file }).success) return;
    let isCurrent = true;
    Papa.parse<string[]>(file, {
      // One more than shown, for the template's example row, which is not imported and not shown.
      preview: PREVIEW_ROWS + 2,
      skipEmptyLines: "greedy",
      complete: (parsed) => {
        if (!isCurrent) return;
        const [header = [], ...rows] = parsed.data;
        const idColumn = header.findIndex((h) => normalizeHeader(h) === normalizeHeader("Ticket ID"));
        const tickets = rows.filter((r) => idColumn < 0 || !isTemplateExampleId(r[idColumn] ?? ""));
        setPreview({ header, rows: tickets.slice(0, PREVIEW_ROWS) });
      },
      error: () => isCurrent && setPreview(null),
    });
    return () => {
      isCurrent = false;
    };
  }, [file]);

  async function submit(values: ImportFileValues) {
    if (!values.file) return;
    const id = newJobId();
    setJobId(id);
    setStartedAt(Date.now());
    try {
      // The file goes as it is: the server reads it in a worker as it arrives (decision 080).
      const answer = await importTickets.mutateAsync({ file: values.file, importedBy, jobId: id });
      setResult(answer);
      if (answer.imported > 0) toast.success(answer.message);
    } catch (error) {
      toast.error(`Import failed: ${errorMessage(error, "Unknown error")}`);
    } finally {
      setStartedAt(null);
      setJobId(null);
    }
  }

  function importMore() {
    setResult(null);
    setPreview(null);
    form.reset({ file: null });
    if (inputRef.current) inputRef.current.value = "";
  }

  if (result) return <ImportSummary result={result} onImportMore={importMore} onDone={onDone} />;

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(submit)} className="min-w-0 space-y-4" noValidate>
        <div
          className={
            "flex flex-col gap-3 rounded-lg border border-dashed p-4 " +
            "sm:flex-row sm:items-center sm:justify-between"
          }
        >
          <p className="text-sm text-muted-foreground">
            Start from the template: one ticket per row, only Last 5 Digits is required. Its example row (Ticket ID
            EXAMPLE) is never imported.
          </p>
          <Button
            type="button"
            variant="outline"
            onClick={() =>
              saveBlob(new Blob([ticketCsvTemplate()], { type: "text/csv;charset=utf-8" }), TEMPLATE_FILE_NAME)
            }
          >
            <Download />
            Download Template
          </Button>
        </div>

        <FormField
          control={form.control}
          name="file"
          render={({ field }) => (
            <FormItem>
              <FormLabel>CSV file</FormLabel>
              <FormControl>
                <Input
                  ref={(el) => {
                    inputRef.current = el;
                    field.ref(el);
                  }}
                  type="file"
                  accept=".csv,text/csv"
                  name={field.name}
                  disabled={isImporting}
                  onBlur={field.onBlur}
                  onChange={(e) => {
                    setPreview(null);
                    field.onChange(e.target.files?.[0] ?? null);
                  }}
                  className="cursor-pointer file:mr-3 file:cursor-pointer"
                />
              </FormControl>
              <FormDescription>A .csv file of up to 25 MB (about 100,000 tickets).</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />

        {preview && file && <PreviewTable preview={preview} fileName={file.name} />}

        {isImporting && <ImportProgress startedAt={startedAt} fileSize={file?.size ?? 0} jobId={jobId} />}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone} disabled={isImporting}>
            Cancel
          </Button>
          <Button type="submit" disabled={isImporting}>
            <Upload />
            {isImporting ? "Importing..." : "Import"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

function PreviewTable({ preview, fileName }: { preview: Preview; fileName: string }) {
  return (
    <section aria-label="Preview" className="min-w-0 space-y-2">
      <h3 className="flex items-center gap-2 text-sm font-medium">
        <FileUp className="size-4" aria-hidden="true" />
        Preview of {fileName} (first {PREVIEW_ROWS} rows)
      </h3>
      {preview.rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">The file has no rows under its header.</p>
      ) : (
        <div
          className="max-w-full overflow-x-auto rounded-md border"
          tabIndex={0}
          aria-label="Preview rows (scrolls sideways)"
        >
          {/* A plain <table>: this div is the one that scrolls, and it takes keyboard focus. */}
          <table data-testid="import-preview" className="w-full caption-bottom text-sm">
            <TableHeader>
              <TableRow>
                {preview.header.map((h, i) => (
                  <TableHead key={i} className="whitespace-nowrap">
                    {h}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {preview.rows.map((r, i) => (
                <TableRow key={i}>
                  {preview.header.map((_, j) => (
                    <TableCell key={j} className="max-w-48 truncate whitespace-nowrap">
                      {r[j] ?? ""}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </table>
        </div>
      )}
    </section>
  );
}

function ImportProgress({ startedAt, fileSize, jobId }: { startedAt: number; fileSize: number; jobId: string | null }) {
  const [now, setNow] = useState(startedAt);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  // The job's counters, once the server has written its row (at most once a second).
  const job = useJob(jobId).data;
  const rowsRead = job?.progress.rowsRead;
  const rowsWritten = job?.progress.rowsWritten;
  const seconds = Math.floor((now - startedAt) / 1000);
  return (
    <div role="status" className="space-y-2 rounded-lg border p-3 text-sm">
      <p>
        Importing {(fileSize / 1024 / 1024).toFixed(1)} MB... {seconds} s (up to 300 s allowed)
      </p>
      {rowsRead !== undefined && (
        <p className="tabular-nums text-muted-foreground" data-testid="import-progress-rows">
          {formatCount(rowsRead)} rows read, {formatCount(rowsWritten ?? 0)} written
        </p>
      )}
      <Progress aria-label="Import in progress" />
    </div>
  );
}

function ImportSummary({
  result,
  onImportMore,
  onDone,
}: {
  result: ImportResult;
  onImportMore: () => void;
  onDone: () => void;
}) {
  const hasErrors = result.errors.length > 0;
  return (
    <div className="min-w-0 space-y-4" data-testid="import-result">
      <div role="status" className="flex items-start gap-2">
        {hasErrors ? (
          <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
        ) : (
          <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" aria-hidden="true" />
        )}
        <p className="font-medium">{result.message}</p>
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center">
        {(
          [
            ["Total", result.total],
            ["Imported", result.imported],
            ["Skipped", result.skipped],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className="rounded-lg border p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-xl font-semibold tabular-nums">{formatCount(value)}</dd>
          </div>
        ))}
      </dl>
      {hasErrors && (
        <section aria-labelledby="import-errors-heading" className="space-y-2">
          <h3 id="import-errors-heading" className="text-sm font-medium">
            Errors ({formatCount(result.errors.length)})
          </h3>
          <ul
            className="max-h-48 space-y-1 overflow-y-auto rounded-md border bg-muted/40 p-3 font-mono text-xs"
            tabIndex={0}
            aria-label="Error lines"
          >
            {result.errors.map((line, i) => (
              <li key={i} className="text-red-700 dark:text-red-300">
                {line}
              </li>
            ))}
          </ul>
        </section>
      )}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onImportMore}>
          Import More
        </Button>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </div>
  );
}
