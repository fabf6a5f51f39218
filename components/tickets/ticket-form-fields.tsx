"use client";

// The fields of the Generate / Edit Ticket dialog, in SPEC section 2's sections. Each field shows
// its own message (components/forms/field.tsx) from the schema the API parses with
// (lib/schemas/ticket-form.ts).
import { useState, type ReactNode } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { Field, TextField } from "@/components/forms/field";
import { PaymentMethodRadios } from "@/components/forms/payment-method-radios";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { FormControl } from "@/components/ui/form";
import { statusLabel } from "@/components/tickets/ticket-badges";
import { clampQuantity, keepDigits } from "@/components/tickets/ticket-form-input";
import type { Ticket } from "@/lib/api/tickets";
import { TICKET_STATUSES } from "@/lib/constants";
import { formatPeso } from "@/lib/format";
import { normalizePhoneInput } from "@/lib/phone-input";
import type { TicketFormValues } from "@/lib/schemas/ticket-form";
import { TICKET_MESSAGES } from "@/lib/ticket-messages";

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

const PHONE_PREFIX = (
  <span
    className="inline-flex items-center rounded-l-md border border-r-0 bg-muted px-2.5 text-sm text-foreground/80"
    aria-hidden="true"
  >
    +63
  </span>
);

export function PersonalInformationFields({ disabled }: { disabled: boolean }) {
  return (
    <Section title="Personal Information">
      <TextField<TicketFormValues>
        name="buyer_name"
        label="Buyer Name"
        disabled={disabled}
        placeholder="Juan Dela Cruz"
        autoComplete="off"
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField<TicketFormValues>
          name="phone_number"
          label="Phone Number"
          description="Optional. 10 digits starting with 9."
          addon={PHONE_PREFIX}
          normalize={normalizePhoneInput}
          disabled={disabled}
          className="rounded-l-none"
          inputMode="numeric"
          placeholder="9XX XXX XXXX"
          autoComplete="off"
        />
        <TextField<TicketFormValues>
          name="email"
          label="Email"
          description="Optional."
          type="email"
          disabled={disabled}
          placeholder="buyer@example.com"
          autoComplete="off"
        />
      </div>
      <TextField<TicketFormValues>
        name="address"
        label="Address"
        multiline
        rows={2}
        disabled={disabled}
        placeholder="Optional"
      />
    </Section>
  );
}

/** Generate: number of tickets and custom numbers. Edit: the ticket being edited, read-only. */
export function TicketConfigurationFields({ disabled, editing }: { disabled: boolean; editing: Ticket | null }) {
  const { control, clearErrors, setValue } = useFormContext<TicketFormValues>();
  const quantity = useWatch({ control, name: "quantity" });
  // The input clamps to 1-100; when it had to, it says why (the value itself is then valid, so
  // this is not a form error that the next validation would clear).
  const [wasClamped, setWasClamped] = useState(false);
  if (editing) {
    return (
      <Section title="Ticket Configuration">
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Control Number</dt>
            <dd className="font-mono font-medium">{editing.control_number}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Last 5 Digits</dt>
            <dd className="font-mono font-medium">{editing.last_5_digits}</dd>
          </div>
        </dl>
      </Section>
    );
  }
  const isSingle = quantity === "" || Number(quantity) <= 1;
  const customDigits = {
    disabled: disabled || !isSingle,
    inputMode: "numeric",
    className: "font-mono",
    autoComplete: "off",
  } as const;
  return (
    <Section title="Ticket Configuration">
      <Field<TicketFormValues, "quantity">
        name="quantity"
        label="Number of Tickets"
        description="1 to 100 tickets for one buyer."
        footer={
          wasClamped && (
            <p role="alert" className="text-sm text-destructive">
              {TICKET_MESSAGES.quantity}
            </p>
          )
        }
        render={(field) => (
          <Input
            {...field}
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            disabled={disabled}
            className="w-32"
            onChange={(e) => {
              const { value, clamped } = clampQuantity(e.target.value);
              field.onChange(String(value));
              // SPEC section 4: more than one ticket clears and disables the custom numbers.
              if (value !== "" && value > 1) {
                setValue("customMiddleDigits", "");
                setValue("customLastDigits", "");
                clearErrors(["customMiddleDigits", "customLastDigits"]);
              }
              setWasClamped(clamped);
            }}
            onBlur={() => {
              if (field.value === "") field.onChange("1");
              field.onBlur();
            }}
          />
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField<TicketFormValues>
          name="customMiddleDigits"
          label="Custom Middle Digits"
          description="Optional: 3 digits."
          normalize={(v) => keepDigits(v, 3)}
          placeholder="e.g. 123"
          {...customDigits}
        />
        <TextField<TicketFormValues>
          name="customLastDigits"
          label="Custom Last Digits"
          description="Optional: the 5-digit ticket number."
          normalize={(v) => keepDigits(v, 5)}
          placeholder="e.g. 00042"
          {...customDigits}
        />
      </div>
      {!isSingle && <p className="text-sm text-muted-foreground">{TICKET_MESSAGES.customOnlySingle}</p>}
    </Section>
  );
}

export function PaymentInformationFields({
  disabled,
  total,
  methods,
}: {
  disabled: boolean;
  total: number | undefined;
  methods: string[];
}) {
  const method = useWatch<TicketFormValues, "payment_method">({ name: "payment_method" });
  return (
    <Section title="Payment Information">
      <Field<TicketFormValues, "payment_method">
        name="payment_method"
        label="Payment Method"
        render={(field) => (
          <PaymentMethodRadios
            value={field.value}
            onValueChange={field.onChange}
            disabled={disabled}
            methods={methods}
          />
        )}
      />
      {method === "gcash" && (
        <TextField<TicketFormValues>
          name="gcash_reference"
          label="GCash Reference"
          disabled={disabled}
          placeholder="GCash reference number"
          autoComplete="off"
        />
      )}
      <div className="flex items-center justify-between rounded-md bg-muted px-3 py-2 text-sm">
        <span className="text-foreground/80">Total Amount</span>
        <output className="text-base font-semibold" data-testid="ticket-form-total" aria-live="polite">
          {total === undefined ? "…" : formatPeso(total)}
        </output>
      </div>
    </Section>
  );
}

export function TicketStatusField({ disabled }: { disabled: boolean }) {
  return (
    <Section title="Ticket Status">
      <Field<TicketFormValues, "status">
        name="status"
        label="Status"
        placesControl
        render={(field) => (
          <Select value={field.value} onValueChange={field.onChange} disabled={disabled}>
            <FormControl>
              <SelectTrigger className="w-48">
                <SelectValue />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {TICKET_STATUSES.map((s) => (
                <SelectItem key={s} value={s}>
                  {statusLabel(s)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </Section>
  );
}
