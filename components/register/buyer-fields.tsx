"use client";

// The buyer's four fields, shared by single and multiple registration: name and phone required,
// email and address optional (SPEC section 2), with the phone kept to digits as it is typed.
import { useFormContext } from "react-hook-form";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { normalizePhoneInput, settlePhoneInput } from "@/lib/phone-input";
import type { BuyerFormValues } from "@/lib/schemas/registration-form";

function Required() {
  return (
    <span aria-hidden="true" className="text-destructive">
      *
    </span>
  );
}

function Optional() {
  return <span className="text-xs font-normal text-muted-foreground">(optional)</span>;
}

export function BuyerFields({ disabled }: { disabled: boolean }) {
  const { control } = useFormContext<BuyerFormValues>();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <FormField
        control={control}
        name="buyerName"
        render={({ field }) => (
          <FormItem>
            <FormLabel>
              Buyer Name <Required />
            </FormLabel>
            <FormControl>
              <Input
                {...field}
                disabled={disabled}
                aria-required="true"
                autoComplete="name"
                placeholder="Enter buyer's full name"
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="phoneNumber"
        render={({ field }) => (
          <FormItem>
            <FormLabel>
              Phone Number <Required />
            </FormLabel>
            <FormControl>
              <Input
                {...field}
                onChange={(event) => field.onChange(normalizePhoneInput(event.target.value))}
                onBlur={() => {
                  field.onChange(settlePhoneInput(field.value));
                  field.onBlur();
                }}
                disabled={disabled}
                aria-required="true"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder="09XX XXX XXXX"
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="email"
        render={({ field }) => (
          <FormItem>
            <FormLabel>
              Email <Optional />
            </FormLabel>
            <FormControl>
              <Input
                {...field}
                disabled={disabled}
                type="email"
                inputMode="email"
                autoComplete="email"
                placeholder="buyer@example.com"
              />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
      <FormField
        control={control}
        name="address"
        render={({ field }) => (
          <FormItem>
            <FormLabel>
              Address <Optional />
            </FormLabel>
            <FormControl>
              <Input {...field} disabled={disabled} autoComplete="street-address" placeholder="Buyer's address" />
            </FormControl>
            <FormMessage />
          </FormItem>
        )}
      />
    </div>
  );
}
