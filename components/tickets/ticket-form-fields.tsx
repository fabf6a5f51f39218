"use client";

// The fields of the Generate / Edit Ticket dialog, in SPEC section 2's sections. Each field shows
// its own message (components/ui/form.tsx) from the zod schema the API parses with.
import { useState, type ReactNode } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { Label } from "@/components/ui/label";
import { statusLabel } from "@/components/tickets/ticket-badges";
import { clampQuantity, keepDigits } from "@/components/tickets/ticket-form-input";
import { normalizePhoneInput } from "@/lib/phone-input";
import type { Ticket } from "@/lib/api/tickets";
import { TICKET_STATUSES } from "@/lib/constants";
import { formatPeso, paymentMethodLabel } from "@/lib/format";
import { TICKET_MESSAGES } from "@/lib/schemas/ticket";

export interface TicketFormValues {
  buyer_name: string;
  phone_number: string;
  email: string;
  address: string;
  payment_method: string;
  gcash_reference: string;
  /** Empty only while a person is retyping it; the schema reads blank as 1. */
  quantity: number | "";
  customMiddleDigits: string;
  customLastDigits: string;
  status: string;
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-lg border p-4">
      <legend className="px-1 text-sm font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

export function PersonalInformationFields({ disabled }: { disabled: boolean }) {
  const { control } = useFormContext<TicketFormValues>();
  return (
    <Section title="Personal Information">
      <FormField
        control={control}
        name="buyer_name"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Buyer Name</FormLabel>
            <FormControl>
              <Input {...field} disabled={disabled} placeholder="Juan Dela Cruz" autoComplete="off" />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          control={control}
          name="phone_number"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Phone Number</FormLabel>
              <div className="flex">
                <span className="inline-flex items-center rounded-l-md border border-r-0 bg-muted px-2.5 text-sm text-foreground/80" aria-hidden="true">
                  +63
                </span>
                <FormControl>
                  <Input
                    {...field}
                    onChange={(e) => field.onChange(normalizePhoneInput(e.target.value))}
                    disabled={disabled}
                    className="rounded-l-none"
                    inputMode="numeric"
                    placeholder="9XX XXX XXXX"
                    autoComplete="off"
                  />
                </FormControl>
              </div>
              <FormDescription>Optional. 10 digits starting with 9.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Email</FormLabel>
              <FormControl>
                <Input {...field} type="email" disabled={disabled} placeholder="buyer@example.com" autoComplete="off" />
              </FormControl>
              <FormDescription>Optional.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
      </div>
      <FormField
        control={control}
        name="address"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Address</FormLabel>
            <FormControl>
              <Textarea {...field} disabled={disabled} rows={2} placeholder="Optional" />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
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
  const isSingle = quantity === "" || quantity <= 1;
  return (
    <Section title="Ticket Configuration">
      <FormField
        control={control}
        name="quantity"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Number of Tickets</FormLabel>
            <FormControl>
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
                  field.onChange(value);
                  // SPEC section 4: more than one ticket clears and disables the custom numbers.
                  if (value !== "" && value > 1) {
                    setValue("customMiddleDigits", "");
                    setValue("customLastDigits", "");
                    clearErrors(["customMiddleDigits", "customLastDigits"]);
                  }
                  setWasClamped(clamped);
                }}
                onBlur={() => {
                  if (field.value === "") field.onChange(1);
                  field.onBlur();
                }}
              />
            </FormControl>
            <FormDescription>1 to 100 tickets for one buyer.</FormDescription>
            <FormMessage />
            {wasClamped && (
              <p role="alert" className="text-sm text-destructive">
                {TICKET_MESSAGES.quantity}
              </p>
            )}
          </FormItem>
        )}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          control={control}
          name="customMiddleDigits"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Custom Middle Digits</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  onChange={(e) => field.onChange(keepDigits(e.target.value, 3))}
                  disabled={disabled || !isSingle}
                  inputMode="numeric"
                  placeholder="e.g. 123"
                  className="font-mono"
                  autoComplete="off"
                />
              </FormControl>
              <FormDescription>Optional: 3 digits.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={control}
          name="customLastDigits"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Custom Last Digits</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  onChange={(e) => field.onChange(keepDigits(e.target.value, 5))}
                  disabled={disabled || !isSingle}
                  inputMode="numeric"
                  placeholder="e.g. 00042"
                  className="font-mono"
                  autoComplete="off"
                />
              </FormControl>
              <FormDescription>Optional: the 5-digit ticket number.</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
      </div>
      {!isSingle && <p className="text-sm text-muted-foreground">{TICKET_MESSAGES.customOnlySingle}</p>}
    </Section>
  );
}

export function PaymentInformationFields({ disabled, total, methods }: { disabled: boolean; total: number | undefined; methods: string[] }) {
  const { control } = useFormContext<TicketFormValues>();
  const method = useWatch({ control, name: "payment_method" });
  return (
    <Section title="Payment Information">
      <FormField
        control={control}
        name="payment_method"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Payment Method</FormLabel>
            <FormControl>
              <RadioGroup
                value={field.value}
                onValueChange={field.onChange}
                disabled={disabled}
                aria-label="Payment Method"
                className="flex flex-wrap gap-4"
              >
                {methods.map((m) => (
                  <Label key={m} className="cursor-pointer rounded-md border px-3 py-2 font-normal has-[[data-state=checked]]:border-primary">
                    <RadioGroupItem value={m} />
                    {paymentMethodLabel(m)}
                  </Label>
                ))}
              </RadioGroup>
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      {method === "gcash" && (
        <FormField
          control={control}
          name="gcash_reference"
          render={({ field }) => (
            <FormItem>
              <FormLabel>GCash Reference</FormLabel>
              <FormControl>
                <Input {...field} disabled={disabled} placeholder="GCash reference number" autoComplete="off" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
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
  const { control } = useFormContext<TicketFormValues>();
  return (
    <Section title="Ticket Status">
      <FormField
        control={control}
        name="status"
        render={({ field }) => (
          <FormItem>
            <FormLabel>Status</FormLabel>
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
            <FormMessage />
          </FormItem>
        )}
      />
    </Section>
  );
}
