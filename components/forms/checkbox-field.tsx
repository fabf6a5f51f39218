"use client";

// A form's checkbox field, apart from field.tsx so that forms without one (the Register screen's)
// do not carry the Radix checkbox (decision 185).
import type { ReactNode } from "react";
import { useFormContext, type FieldPath, type FieldValues } from "react-hook-form";
import { Checkbox } from "@/components/ui/checkbox";
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";

/** A checkbox bound to the form's boolean field `name`, its label beside it. */
export function CheckboxField<
  TValues extends FieldValues,
  TName extends FieldPath<TValues> = FieldPath<TValues>,
>(props: { name: TName; label: ReactNode; disabled?: boolean }) {
  const { control } = useFormContext<TValues>();
  return (
    <FormField
      control={control}
      name={props.name}
      render={({ field }) => (
        <FormItem className="flex flex-row flex-wrap items-center gap-2">
          <FormControl>
            <Checkbox
              ref={field.ref}
              name={field.name}
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              disabled={props.disabled}
            />
          </FormControl>
          <FormLabel>{props.label}</FormLabel>
          <FormMessage className="basis-full" />
        </FormItem>
      )}
    />
  );
}
