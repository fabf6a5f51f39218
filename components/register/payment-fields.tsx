"use client";

// How the buyer paid (docs/decisions/050), shared by single and multiple registration: Cash by
// default; GCash needs its 13-digit reference; a bank transfer may carry one. The reference is
// compared in its normalized form, so spaces as printed on the receipt are fine.
import { useFormContext, useWatch } from "react-hook-form";
import { Field, TextField } from "@/components/forms/field";
import { PaymentMethodRadios } from "@/components/forms/payment-method-radios";
import { PAYMENT_METHODS } from "@/lib/constants";
import type { BuyerFormValues } from "@/lib/schemas/registration-form";

export function PaymentFields({ disabled }: { disabled: boolean }) {
  const { control, clearErrors } = useFormContext<BuyerFormValues>();
  const method = useWatch({ control, name: "paymentMethod" });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field<BuyerFormValues, "paymentMethod">
        name="paymentMethod"
        label="Payment Method"
        render={(field) => (
          <PaymentMethodRadios
            value={field.value}
            onValueChange={(value) => {
              field.onChange(value);
              clearErrors("paymentReference");
            }}
            disabled={disabled}
            methods={PAYMENT_METHODS}
          />
        )}
      />
      {method !== "cash" && (
        <TextField<BuyerFormValues>
          name="paymentReference"
          label={method === "gcash" ? "GCash Reference" : "Bank Reference (optional)"}
          description={
            method === "gcash"
              ? "The 13-digit reference on the buyer's GCash receipt."
              : "The transfer's reference or trace number, if any."
          }
          disabled={disabled}
          inputMode={method === "gcash" ? "numeric" : "text"}
          autoComplete="off"
          spellCheck={false}
          placeholder={method === "gcash" ? "1001 543 610110" : "Reference number"}
          className="font-mono"
          aria-required={method === "gcash" ? "true" : undefined}
        />
      )}
    </div>
  );
}
