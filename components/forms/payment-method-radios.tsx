"use client";

// The payment method as a row of radio buttons (Cash, GCash, Bank Transfer), shared by the ticket
// form and the Register screen's payment group.
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { paymentMethodLabel } from "@/lib/format";

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
  return (
    <RadioGroup value={value} onValueChange={onValueChange} disabled={disabled} aria-label="Payment Method" className="flex flex-wrap gap-2">
      {methods.map((m) => (
        <Label key={m} className="cursor-pointer rounded-md border px-3 py-2 font-normal has-[[data-state=checked]]:border-primary">
          <RadioGroupItem value={m} />
          {paymentMethodLabel(m)}
        </Label>
      ))}
    </RadioGroup>
  );
}
