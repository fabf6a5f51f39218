"use client";

// The Custom Range Generator (SPEC sections 2, 5 and 9; administrators): start, end and user id,
// a live preview, and the result of POST /api/tickets/admin/generate-custom-range. The success
// toast lasts 8 s and the ticket data refreshes 3 s later.
import { useState } from "react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm, useWatch, type Control, type Resolver } from "react-hook-form";
import { Hash } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { useReturnFocus } from "@/components/tickets/use-return-focus";
import { CustomRangeResults } from "@/components/tickets/custom-range-results";
import { previewRange } from "@/components/tickets/custom-range-preview";
import { errorMessage } from "@/lib/api-client";
import { ticketsApi, type CustomRangeResult } from "@/lib/api/tickets";
import { formatCount, formatPeso } from "@/lib/format";
import { invalidateTicketData } from "@/lib/query-keys";
import { useTicketPrice } from "@/lib/queries/settings";
import { useTicketStats } from "@/lib/queries/tickets";
import { customRangeSchema } from "@/lib/schemas/ticket";

/** SPEC section 9: the success toast lasts 8 s; the list refresh follows after 3 s. */
export const CUSTOM_RANGE_TOAST_MS = 8000;
export const CUSTOM_RANGE_REFRESH_DELAY_MS = 3000;

interface RangeValues {
  startRange: string;
  endRange: string;
  userId: string;
}

export function CustomRangeDialog({ open, onOpenChange, defaultUserId }: { open: boolean; onOpenChange: (open: boolean) => void; defaultUserId: string }) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-xl" data-testid="custom-range-dialog" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>Custom Range Generator</DialogTitle>
          <DialogDescription>Create unregistered tickets for every free number in a range (up to 10,000 at once).</DialogDescription>
        </DialogHeader>
        <CustomRangeForm defaultUserId={defaultUserId} onClose={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function CustomRangeForm({ defaultUserId, onClose }: { defaultUserId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const price = useTicketPrice();
  const stats = useTicketStats();
  const [result, setResult] = useState<CustomRangeResult | null>(null);
  const form = useForm<RangeValues, unknown, { startRange: number; endRange: number; userId: string }>({
    resolver: zodResolver(customRangeSchema) as unknown as Resolver<RangeValues, unknown, { startRange: number; endRange: number; userId: string }>,
    defaultValues: { startRange: "", endRange: "", userId: defaultUserId },
    // Checked as a person types, like the preview (submit is disabled until the count is
    // positive, so waiting for a submit would hide the messages); never on blur, which would
    // move the buttons under the pointer mid-click.
    mode: "onChange",
  });
  // components/ui/form.tsx's FormField predates react-hook-form's "transformed values" generic.
  const control = form.control as unknown as Control<RangeValues>;
  const [start, end] = useWatch({ control, name: ["startRange", "endRange"] });
  const preview = previewRange({ start, end, price });
  const isSubmitting = form.formState.isSubmitting;

  async function submit(values: { startRange: number; endRange: number; userId: string }) {
    try {
      const answer = await ticketsApi.customRange(values);
      setResult(answer);
      toast.success(answer.message, { duration: CUSTOM_RANGE_TOAST_MS });
      // The refresh is not tied to this dialog: it happens even if the dialog is closed by then.
      setTimeout(() => void invalidateTicketData(queryClient), CUSTOM_RANGE_REFRESH_DELAY_MS);
    } catch (error) {
      toast.error(`Failed to generate tickets: ${errorMessage(error, "Generation failed")}`);
    }
  }

  const field = (name: keyof RangeValues, label: string, props: React.ComponentProps<typeof Input>) => (
    <FormField
      control={control}
      name={name}
      render={({ field: f }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <FormControl>
            <Input {...f} {...props} disabled={isSubmitting} autoComplete="off" />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(submit, () => toast.error("Please fix the errors in the form"))} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {field("startRange", "Start Range", { type: "number", inputMode: "numeric", min: 1, placeholder: "e.g. 1" })}
          {field("endRange", "End Range", { type: "number", inputMode: "numeric", min: 1, placeholder: "e.g. 100" })}
        </div>
        {field("userId", "User ID", { placeholder: "admin@example.com" })}

        <section aria-label="Preview" className="rounded-lg border bg-muted/40 p-4" data-testid="custom-range-preview">
          <h3 className="mb-2 text-sm font-semibold">Preview</h3>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <div>
              <dt className="text-muted-foreground">Count</dt>
              <dd className="font-semibold" data-testid="preview-count">{formatCount(preview.count)}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Revenue</dt>
              <dd className="font-semibold" data-testid="preview-revenue">{preview.revenue === undefined ? "…" : formatPeso(preview.revenue)}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-muted-foreground">Range</dt>
              <dd className="font-mono font-semibold" data-testid="preview-range">{preview.range ?? "—"}</dd>
            </div>
          </dl>
          <p className="mt-3 text-xs text-muted-foreground" data-testid="existing-tickets">
            {stats.data ? `${formatCount(stats.data.total)} tickets already exist` : stats.isError ? "Could not count the existing tickets" : "Counting existing tickets…"}
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
