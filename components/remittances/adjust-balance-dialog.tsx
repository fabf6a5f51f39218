"use client";

// Adjust a seller's balance (administrators; docs/decisions/091): a shortage written off (positive),
// an overage or correction (negative), with a reason. Never edited: a wrong one is undone by its opposite.
import { zodResolver } from "@hookform/resolvers/zod";
import { Scale } from "lucide-react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
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
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useRecordAdjustment } from "@/lib/queries/remittances";
import { recordAdjustmentFormSchema, type RecordAdjustmentFormValues } from "@/lib/schemas/remittance";
import { useReturnFocus } from "@/lib/use-return-focus";

type Output = z.output<typeof recordAdjustmentFormSchema>;

export function AdjustBalanceDialog({
  seller,
  onOpenChange,
}: {
  seller: { sellerId: string; name: string } | null;
  onOpenChange: (open: boolean) => void;
}) {
  // Opened from buttons outside a DialogTrigger: Radix would leave the focus on the page's top.
  const returnFocus = useReturnFocus(!!seller);
  return (
    <Dialog open={!!seller} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" data-testid="adjust-balance-dialog" onCloseAutoFocus={returnFocus}>
        {seller && (
          <>
            <DialogHeader>
              <DialogTitle>Adjust {seller.name}&apos;s balance</DialogTitle>
              <DialogDescription>
                A positive amount takes that much off what the seller owes (a shortage written off); a negative amount
                adds to it.
              </DialogDescription>
            </DialogHeader>
            <AdjustForm sellerId={seller.sellerId} onDone={() => onOpenChange(false)} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function AdjustForm({ sellerId, onDone }: { sellerId: string; onDone: () => void }) {
  const mutation = useRecordAdjustment();
  const form = useForm<RecordAdjustmentFormValues, unknown, Output>({
    resolver: zodResolver(recordAdjustmentFormSchema),
    defaultValues: { sellerId, amount: "", reason: "" },
    mode: "onTouched",
  });
  function submit(values: Output) {
    mutation.mutate(values, {
      onSuccess: (answer) => {
        toast.success(answer.message);
        onDone();
      },
      onError: (error) => toast.error(`Failed to record the adjustment: ${errorMessage(error, "Unknown error")}`),
    });
  }
  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4" aria-label="Adjust balance">
        <TextField<RecordAdjustmentFormValues, "amount">
          name="amount"
          label="Amount (₱, signed)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="-150.00"
          disabled={mutation.isPending}
        />
        <TextField<RecordAdjustmentFormValues, "reason">
          name="reason"
          label="Reason"
          multiline
          rows={2}
          disabled={mutation.isPending}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner label="Saving" /> : <Scale />}
            {mutation.isPending ? "Saving..." : "Record Adjustment"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
