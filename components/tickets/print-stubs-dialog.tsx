"use client";

// The Print stubs dialog (issue 22; administrators): which tickets (a range of ticket numbers,
// the Tickets list's current filter, or the rows ticked in it), paper, layout, order and an
// optional calibration page; a preview of page 1; the PDF made on the server in a
// worker (POST /api/print/stubs) and saved as a file, with its progress. Warns, naming the URL,
// when the QR codes would hold an address a buyer's phone cannot open (docs/decisions/201).
import { useMemo, useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { Printer } from "lucide-react";
import { Link } from "@/components/ui/link";
import { CheckboxField } from "@/components/forms/checkbox-field";
import { Field, TextField } from "@/components/forms/field";
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
import { Label } from "@/components/ui/label";
import { Progress } from "@/components/ui/progress";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { PublicUrlWarning } from "@/components/public-url/public-url-warning";
import { PrintSheetPreview, type PreviewSelection } from "@/components/tickets/print-sheet-preview";
import { EMPTY_SELECTION, type TicketSelection } from "@/components/tickets/ticket-selection";
import { useReturnFocus } from "@/lib/use-return-focus";
import { errorMessage } from "@/lib/api-client";
import { formatCount } from "@/lib/format";
import { useJob } from "@/lib/queries/jobs";
import { usePrintJobs, usePrintStubs } from "@/lib/queries/stubs";
import { saveBlob } from "@/lib/save-blob";
import {
  PRINT_SELECTIONS,
  printStubsFormSchema,
  printStubsPayload,
  type PrintSelection,
  type PrintStubsFormOutput,
  type PrintStubsFormValues,
} from "@/lib/schemas/stubs";
import {
  LAYOUT_LABELS,
  LAYOUTS,
  MAX_STUBS_PER_PRINT,
  ORDER_LABELS,
  ORDERS,
  PAPER_LABELS,
  PAPERS,
} from "@/lib/stubs/stub-layout";

export function PrintStubsDialog({
  open,
  onOpenChange,
  selection = EMPTY_SELECTION,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  selection?: TicketSelection;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-2xl" data-testid="print-stubs-dialog" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>Print stubs</DialogTitle>
          <DialogDescription>
            A PDF of paper ticket stubs: the counterfoil (kept, goes in the drum) and the buyer&apos;s ticket with its
            verify QR code. At most {formatCount(MAX_STUBS_PER_PRINT)} tickets at a time; voided tickets are left out.
          </DialogDescription>
        </DialogHeader>
        {/* A fresh form each time it opens: the choice of tickets follows what is selected then. */}
        {open && <PrintStubsForm onClose={() => onOpenChange(false)} selection={selection} />}
      </DialogContent>
    </Dialog>
  );
}

function ChoiceField<K extends "which" | "paper" | "layout" | "order">(props: {
  name: K;
  label: string;
  options: readonly string[];
  labels: Record<string, string>;
  disabled: boolean;
  unavailable?: readonly string[];
}) {
  return (
    <Field<PrintStubsFormValues, K>
      name={props.name}
      label={props.label}
      render={(field) => (
        <RadioGroup value={field.value} onValueChange={field.onChange} disabled={props.disabled} className="gap-2">
          {props.options.map((option) => (
            <div key={option} className="flex items-center gap-2">
              <RadioGroupItem
                value={option}
                id={`print-${props.name}-${option}`}
                disabled={props.unavailable?.includes(option)}
              />
              <Label htmlFor={`print-${props.name}-${option}`} className="font-normal">
                {props.labels[option]}
              </Label>
            </div>
          ))}
        </RadioGroup>
      )}
    />
  );
}

const five = (n: number) => String(n).padStart(5, "0");

function PrintStubsForm({ onClose, selection }: { onClose: () => void; selection: TicketSelection }) {
  const print = usePrintStubs();
  const setup = usePrintJobs();
  const [jobId, setJobId] = useState<string | null>(null);
  const [bytes, setBytes] = useState(0);
  const job = useJob(print.isPending ? jobId : null);
  const hasSelected = selection.selected.length > 0;
  const hasFilter = selection.filter !== null;
  const form = useForm<PrintStubsFormValues, unknown, PrintStubsFormOutput>({
    resolver: zodResolver(printStubsFormSchema),
    defaultValues: {
      which: hasSelected ? "selected" : hasFilter ? "filter" : "range",
      from: "",
      to: "",
      paper: "a4",
      layout: "5-up",
      order: "sequential",
      calibration: false,
    },
    mode: "onChange",
  });
  const values = useWatch({ control: form.control }) as PrintStubsFormValues;
  const from = /^\d{1,5}$/.test(values.from ?? "") ? Number(values.from) : NaN;
  const to = /^\d{1,5}$/.test(values.to ?? "") ? Number(values.to) : NaN;
  const selectedNumbers = useMemo(
    () => selection.selected.map((t) => t.ticketNumber).sort((a, b) => a - b),
    [selection.selected],
  );
  const preview: PreviewSelection | null =
    values.which === "selected"
      ? { total: selectedNumbers.length, labelOf: (i) => five(selectedNumbers[i]) }
      : values.which === "filter"
        ? selection.filterTotal
          ? { total: selection.filterTotal, labelOf: (i) => `#${i + 1}` }
          : null
        : from >= 1 && to >= from
          ? { total: to - from + 1, labelOf: (i) => five(from + i) }
          : null;
  const isPrinting = print.isPending;
  const progress = job.data?.progress as { stubsDone?: number; stubsTotal?: number } | undefined;
  const whichLabels: Record<PrintSelection, string> = {
    range: "A number range",
    filter: hasFilter
      ? `The current filter: ${selection.filterLabel}` +
        (selection.filterTotal !== null
          ? ` (${formatCount(selection.filterTotal)} ${selection.filterTotal === 1 ? "ticket" : "tickets"})`
          : "")
      : "The current filter (no filter is set on the list)",
    selected: hasSelected
      ? `Selected rows (${formatCount(selection.selected.length)})`
      : "Selected rows (none ticked in the list)",
  };
  const unavailable = [...(hasFilter ? [] : ["filter"]), ...(hasSelected ? [] : ["selected"])];

  async function submit(output: PrintStubsFormOutput) {
    setBytes(0);
    const payload = printStubsPayload(output, {
      filter: selection.filter,
      ticketIds: selection.selected.map((t) => t.id),
    });
    try {
      const file = await print.mutateAsync({ payload, onStart: setJobId, onBytes: setBytes });
      saveBlob(file.blob, file.fileName);
      toast.success(`Saved ${file.fileName}`, { description: "Print it at Actual size / 100%." });
    } catch (error) {
      toast.error(`Failed to print stubs: ${errorMessage(error, "Printing failed")}`);
    } finally {
      setJobId(null);
    }
  }

  const numberInput = {
    type: "text",
    inputMode: "numeric",
    autoComplete: "off",
    disabled: isPrinting,
    maxLength: 5,
  } as const;
  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4">
        <PublicUrlWarning view={setup.data?.publicUrl} />
        <div className="grid gap-4 sm:grid-cols-[1fr_auto]">
          <div className="space-y-4">
            <ChoiceField
              name="which"
              label="Tickets"
              options={PRINT_SELECTIONS}
              labels={whichLabels}
              disabled={isPrinting}
              unavailable={unavailable}
            />
            {values.which === "range" && (
              <div className="grid grid-cols-2 gap-4">
                <TextField<PrintStubsFormValues>
                  name="from"
                  label="From ticket number"
                  placeholder="00001"
                  {...numberInput}
                />
                <TextField<PrintStubsFormValues>
                  name="to"
                  label="To ticket number"
                  placeholder="00500"
                  {...numberInput}
                />
              </div>
            )}
            <div className="grid gap-4 sm:grid-cols-3">
              <ChoiceField name="paper" label="Paper" options={PAPERS} labels={PAPER_LABELS} disabled={isPrinting} />
              <ChoiceField
                name="layout"
                label="Layout"
                options={LAYOUTS}
                labels={LAYOUT_LABELS}
                disabled={isPrinting}
              />
              <ChoiceField name="order" label="Order" options={ORDERS} labels={ORDER_LABELS} disabled={isPrinting} />
            </div>
            <p className="text-xs text-muted-foreground">
              Cut-stack: after cutting the stacked sheets, each pile is a run of consecutive numbers, ready to hand to
              one seller.
            </p>
            <CheckboxField<PrintStubsFormValues>
              name="calibration"
              label="Add a calibration page first (rulers, 'Print at Actual size / 100%')"
              disabled={isPrinting}
            />
          </div>
          {preview && preview.total > 0 && (
            <PrintSheetPreview
              {...preview}
              paper={values.paper}
              layout={values.layout}
              order={values.order}
              calibration={values.calibration}
            />
          )}
        </div>

        {isPrinting && (
          <div role="status" aria-live="polite" className="space-y-1 text-sm" data-testid="print-progress">
            <Progress
              value={progress?.stubsTotal ? (100 * (progress.stubsDone ?? 0)) / progress.stubsTotal : undefined}
              aria-label="Printing progress"
            />
            <p className="text-muted-foreground tabular-nums">
              {progress?.stubsTotal
                ? `${formatCount(progress.stubsDone ?? 0)} of ${formatCount(progress.stubsTotal)} stubs drawn`
                : "Starting…"}
              {bytes > 0 ? `, ${(bytes / 1024 / 1024).toFixed(1)} MB received` : ""}
            </p>
          </div>
        )}

        <DialogFooter className="gap-2 sm:justify-between">
          <Button type="button" variant="link" className="px-0" asChild>
            <Link href="/dashboard/tickets/prints">Print log</Link>
          </Button>
          <div className="flex gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Close
            </Button>
            <Button type="submit" disabled={isPrinting}>
              {isPrinting ? <Spinner label="Printing" /> : <Printer />}
              {isPrinting ? "Printing..." : "Print stubs"}
            </Button>
          </div>
        </DialogFooter>
      </form>
    </Form>
  );
}
