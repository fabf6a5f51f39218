"use client";

// The Custom Range Generator (SPEC sections 2, 5 and 9; administrators): start, end and user id,
// a live preview, and the result of POST /api/tickets/admin/generate-custom-range. The success
// toast lasts 8 s and the ticket data refreshes 3 s later.
import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useWatch } from "react-hook-form";
import { Hash } from "lucide-react";
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
import { TextField } from "@/components/forms/field";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { useReturnFocus } from "@/lib/use-return-focus";
import { CustomRangeResults } from "@/components/tickets/custom-range-results";
import { previewRange } from "@/components/tickets/custom-range-preview";
import { errorMessage } from "@/lib/api-client";
import type { CustomRangeResult } from "@/lib/api/tickets";
import { formatCount, formatCountOf, formatPeso } from "@/lib/format";
import { useTicketPrice } from "@/lib/queries/settings";
import { useGenerateCustomRange, useTicketStats } from "@/lib/queries/tickets";
import { customRangeFormSchema, type CustomRangeFormValues } from "@/lib/schemas/ticket-form";
import type { CustomRangePayload } from "@/lib/schemas/ticket";

/** SPEC section 9: the success toast lasts 8 s (the list refresh follows after 3 s: useGenerateCustomRange). */
export const CUSTOM_RANGE_TOAST_MS = 8000;

export function CustomRangeDialog({
  open,
  onOpenChange,
  defaultUserId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultUserId: string;
}) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl" data-testid="custom-range-dialog" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>Custom Range Generator</DialogTitle>
          <DialogDescription>
            Create unregistered tickets for every free number in a range (up to 10,000 at once).
          </DialogDescription>
        </DialogHeader>
        <CustomRangeForm defaultUserId={defaultUserId} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CustomRangeForm({ defaultUserId, onClose }: { defaultUserId: string; onClose: () => void }) {
  const price = useTicketPrice();
  const generateRange = useGenerateCustomRange();
  const stats = useTicketStats();
  const [result, setResult] = useState<CustomRangeResult | null>(null);
  const form = useForm({
    resolver: zodResolver(customRangeFormSchema),
    defaultValues: { startRange: "", endRange: "", userId: defaultUserId },
    // Checked as a person types, like the preview (submit is disabled until the count is
    // positive, so waiting for a submit would hide the messages); never on blur, which would
    // move the buttons under the pointer mid-click.
    mode: "onChange",
  });
  const [start, end] = useWatch({ control: form.control, name: ["startRange", "endRange"] });
  const preview = previewRange({ start, end, price });
  const isSubmitting = form.formState.isSubmitting;

  async function submit(values: CustomRangePayload) {
    try {
      const answer = await generateRange.mutateAsync(values);
      setResult(answer);
      toast.success(answer.message, { duration: CUSTOM_RANGE_TOAST_MS });
    } catch (error) {
      toast.error(`Failed to generate tickets: ${errorMessage(error, "Generation failed")}`);
    }
  }

  const field = { disabled: isSubmitting, autoComplete: "off" } as const;
  const numberInput = { type: "number", inputMode: "numeric", min: 1 } as const;

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(submit, () => toast.error("Please fix the errors in the form"))}
        className="space-y-4"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField<CustomRangeFormValues>
            name="startRange"
            label="Start Range"
            placeholder="e.g. 1"
            {...numberInput}
            {...field}
          />
          <TextField<CustomRangeFormValues>
            name="endRange"
            label="End Range"
            placeholder="e.g. 100"
            {...numberInput}
            {...field}
          />
        </div>
        <TextField<CustomRangeFormValues> name="userId" label="User ID" placeholder="admin@example.com" {...field} />

        <section aria-label="Preview" className="rounded-lg border bg-muted/40 p-4" data-testid="custom-range-preview">
          <h3 className="mb-2 text-sm font-semibold">Preview</h3>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-muted-foreground">Count</dt>
              <dd className="font-semibold" data-testid="preview-count">
                {formatCount(preview.count)}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Revenue</dt>
              <dd className="font-semibold" data-testid="preview-revenue">
                {preview.revenue === undefined ? "…" : formatPeso(preview.revenue)}
              </dd>
            </div>
            <div className="col-span-2">
              <dt className="text-muted-foreground">Range</dt>
              <dd className="font-mono font-semibold" data-testid="preview-range">
                {preview.range ?? "—"}
              </dd>
            </div>
          </dl>
          <p className="mt-3 text-xs text-muted-foreground" data-testid="existing-tickets">
            {stats.data
              ? `${formatCountOf(stats.data.total, "ticket")} already ${stats.data.total === 1 ? "exists" : "exist"}`
              : stats.isError
                ? "Could not count the existing tickets"
                : "Counting existing tickets…"}
            . Numbers already taken are skipped.
          </p>
        </section>

        {result && <CustomRangeResults result={result} />}

        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>
            {result ? "Close" : "Cancel"}
          </Button>
          <Button type="submit" disabled={isSubmitting || preview.count <= 0}>
            {isSubmitting ? <Spinner label="Generating" /> : <Hash />}
            {isSubmitting ? "Generating..." : `Generate ${formatCount(preview.count)} Tickets`}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
