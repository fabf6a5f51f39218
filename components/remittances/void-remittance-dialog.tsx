"use client";

// Void a receipt (administrators; docs/decisions/091): it keeps its number, stays on the statement
// and the report marked VOID, and its amount leaves the balance. A reason is required.
import { zodResolver } from "@hookform/resolvers/zod";
import { Ban } from "lucide-react";
import { useForm } from "react-hook-form";
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
import { formatAmount } from "@/lib/money";
import { useVoidRemittance } from "@/lib/queries/remittances";
import { voidRemittanceFormSchema, type VoidRemittanceFormValues } from "@/lib/schemas/remittance";
import { useReturnFocus } from "@/lib/use-return-focus";

export interface VoidTarget {
  id: string;
  receiptNumber: number;
  amount: string;
}

export function VoidRemittanceDialog({
  receipt,
  onOpenChange,
}: {
  receipt: VoidTarget | null;
  onOpenChange: (open: boolean) => void;
}) {
  // Opened from buttons outside a DialogTrigger: Radix would leave the focus on the page's top.
  const returnFocus = useReturnFocus(!!receipt);
  return (
    <Dialog open={!!receipt} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg" data-testid="void-remittance-dialog" onCloseAutoFocus={returnFocus}>
        {receipt && (
          <>
            <DialogHeader>
              <DialogTitle>Void receipt No. {receipt.receiptNumber}?</DialogTitle>
              <DialogDescription>
                {formatAmount(receipt.amount)} leaves the seller&apos;s remitted total. The receipt keeps its number and
                stays on the statement marked VOID; record a new remittance for the right amount.
              </DialogDescription>
            </DialogHeader>
            <VoidForm receipt={receipt} onDone={() => onOpenChange(false)} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

function VoidForm({ receipt, onDone }: { receipt: VoidTarget; onDone: () => void }) {
  const mutation = useVoidRemittance();
  const form = useForm<VoidRemittanceFormValues>({
    resolver: zodResolver(voidRemittanceFormSchema),
    defaultValues: { reason: "" },
    mode: "onTouched",
  });
  function submit(values: VoidRemittanceFormValues) {
    mutation.mutate(
      { id: receipt.id, body: values },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onDone();
        },
        onError: (error) => toast.error(`Failed to void the receipt: ${errorMessage(error, "Unknown error")}`),
      },
    );
  }
  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(submit)}
        className="space-y-4"
        aria-label={`Void receipt No. ${receipt.receiptNumber}`}
      >
        <TextField<VoidRemittanceFormValues, "reason">
          name="reason"
          label="Reason"
          multiline
          rows={3}
          placeholder="Why (typed the wrong amount…)"
          disabled={mutation.isPending}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner label="Voiding" /> : <Ban />}
            {mutation.isPending ? "Voiding..." : "Void Receipt"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
