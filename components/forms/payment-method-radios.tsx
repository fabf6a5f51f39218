"use client";

// The payment method as a row of radio buttons (Cash, GCash, Bank Transfer), shared by the ticket
// form and the Register screen's payment group. Native radios (decision 185): one name, so the
// browser gives the group one tab stop (the chosen method) and the arrow keys move and choose, as
// Radix's radio group did, without its roving focus in the Register screen's first load.
import { useId } from "react";
import { Label } from "@/components/ui/label";
import { paymentMethodLabel } from "@/lib/format";

/** The 16 px ring of the former Radix item, with an 8 px dot in the primary colour once chosen. */
const RADIO =
  "size-4 shrink-0 cursor-pointer appearance-none rounded-full border border-input shadow-xs " +
  "transition-[color,box-shadow] outline-none " +
  "checked:bg-[radial-gradient(circle,var(--primary)_0_3.5px,transparent_4px)] " +
  "focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 " +
  "disabled:cursor-not-allowed disabled:opacity-50";

export function PaymentMethodRadios({
  value,
  onValueChange,
  methods,
  disabled,
}: {
  value: string;
  onValueChange: (value: string) => void;
  methods: readonly string[];
  disabled?: boolean;
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label="Payment Method" className="flex flex-wrap gap-2">
      {methods.map((m) => (
        <Label
          key={m}
          className={
            "cursor-pointer rounded-md border px-3 py-2 font-normal " +
            "has-[:checked]:border-primary has-[:disabled]:cursor-not-allowed"
          }
        >
          <input
            type="radio"
            name={name}
            value={m}
            checked={value === m}
            onChange={() => onValueChange(m)}
            disabled={disabled}
            className={RADIO}
          />
          {paymentMethodLabel(m)}
        </Label>
      ))}
    </div>
  );
}
