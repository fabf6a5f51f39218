"use client";

// Record remittance (the treasurer; issue 20, docs/decisions/091): seller (pre-filled from the row),
// amount with the expected amount (the seller's balance) beside it, method, "covers sales up to"
// (now by default) and a note. The answer's receipt number is shown, with a Print receipt action.
import { zodResolver } from "@hookform/resolvers/zod";
import { Banknote } from "lucide-react";
import { useForm } from "react-hook-form";
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
import { Form, FormControl } from "@/components/ui/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { SellerSelect } from "@/components/remittances/seller-select";
import { errorMessage } from "@/lib/api-client";
import { remittancePdfPaths } from "@/lib/api/remittances";
import { PAYMENT_METHODS, PAYMENT_METHOD_LABELS } from "@/lib/constants";
import { formatAmount } from "@/lib/money";
import { useRecordRemittance } from "@/lib/queries/remittances";
import {
  recordRemittanceFormSchema,
  type RecordRemittanceFormValues,
  type RecordRemittancePayload,
  type SellerBalance,
} from "@/lib/schemas/remittance";
import type { z } from "zod";
import { useReturnFocus } from "@/lib/use-return-focus";

type FormOutput = z.output<typeof recordRemittanceFormSchema>;

/** 'YYYY-MM-DDTHH:mm' in the browser's own time, for a datetime-local input. */
function localNow() {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

export function RecordRemittanceDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The row it was opened from: pre-fills the seller and shows the expected amount. */
  seller: SellerBalance | null;
  balances: SellerBalance[];
  onRecorded?: (receipt: { id: string; receiptNumber: number }) => void;
}) {
  // Opened from buttons outside a DialogTrigger: Radix would leave the focus on the page's top.
  const returnFocus = useReturnFocus(props.open);
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent className="sm:max-w-lg" data-testid="record-remittance-dialog" onCloseAutoFocus={returnFocus}>
        <DialogHeader>
          <DialogTitle>Record remittance</DialogTitle>
          <DialogDescription>
            Cash a seller hands to the treasurer. The receipt gets the next number; it is never edited (void it and
            record a new one).
          </DialogDescription>
        </DialogHeader>
        {props.open && <RemittanceForm {...props} />}
      </DialogContent>
    </Dialog>
  );
}

function RemittanceForm({ seller, balances, onOpenChange, onRecorded }: Parameters<typeof RecordRemittanceDialog>[0]) {
  const mutation = useRecordRemittance();
  const form = useForm<RecordRemittanceFormValues, unknown, FormOutput>({
    resolver: zodResolver(recordRemittanceFormSchema),
    defaultValues: { sellerId: seller?.sellerId ?? "", amount: "", method: "cash", coversUntil: localNow(), note: "" },
    mode: "onTouched",
  });
  const sellerId = form.watch("sellerId");
  const expected = balances.find((b) => b.sellerId === sellerId)?.balance ?? "0.00";

  function submit(values: FormOutput) {
    const payload: RecordRemittancePayload = {
      sellerId: values.sellerId,
      amount: values.amount,
      method: values.method,
      coversUntil: values.coversUntil ? new Date(values.coversUntil).toISOString() : undefined,
      note: values.note || undefined,
    };
    mutation.mutate(payload, {
      onSuccess: (answer) => {
        const { id, receiptNumber } = answer.remittance;
        // The receipt is printed at once, as a paper receipt is handed over with the cash.
        toast.success(`Receipt No. ${receiptNumber} recorded`, {
          action: {
            label: "Print receipt",
            onClick: () => window.open(remittancePdfPaths.receipt(id), "_blank", "noopener"),
          },
        });
        onRecorded?.({ id, receiptNumber });
        onOpenChange(false);
      },
      onError: (error) => toast.error(`Failed to record the remittance: ${errorMessage(error, "Unknown error")}`),
    });
  }

  return (
    <Form {...form}>
      <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4" aria-label="Record remittance">
        <Field<RecordRemittanceFormValues, "sellerId">
          name="sellerId"
          label="Seller"
          placesControl
          render={(field) => <SellerSelect field={field} keepId={seller?.sellerId} disabled={mutation.isPending} />}
        />
        <TextField<RecordRemittanceFormValues, "amount">
          name="amount"
          label="Amount (₱)"
          inputMode="decimal"
          autoComplete="off"
          placeholder="1250.00"
          disabled={mutation.isPending}
          description={
            <span data-testid="expected-amount">
              Expected: <strong>{formatAmount(expected)}</strong> (the seller&apos;s balance)
            </span>
          }
        />
        <Field<RecordRemittanceFormValues, "method">
          name="method"
          label="Method"
          placesControl
          render={(field) => (
            <Select value={field.value} onValueChange={field.onChange} disabled={mutation.isPending}>
              <FormControl>
                <SelectTrigger className="w-full" onBlur={field.onBlur} ref={field.ref}>
                  <SelectValue />
                </SelectTrigger>
              </FormControl>
              <SelectContent>
                {PAYMENT_METHODS.map((m) => (
                  <SelectItem key={m} value={m}>
                    {PAYMENT_METHOD_LABELS[m]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        <TextField<RecordRemittanceFormValues, "coversUntil">
          name="coversUntil"
          label="Covers sales up to"
          type="datetime-local"
          disabled={mutation.isPending}
        />
        <TextField<RecordRemittanceFormValues, "note">
          name="note"
          label="Note (optional)"
          multiline
          rows={2}
          disabled={mutation.isPending}
        />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" disabled={mutation.isPending}>
            {mutation.isPending ? <Spinner label="Recording" /> : <Banknote />}
            {mutation.isPending ? "Recording..." : "Record Remittance"}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}
