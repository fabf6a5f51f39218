"use client";

// One form field, the same in every form: label, control, description and message, wired for
// screen readers by components/ui/form.tsx, reading the form from react-hook-form's context. A form
// lists its fields (`<TextField name label …/>`), not the label/control/message markup of each.
import type { ComponentProps, ReactElement, ReactNode } from "react";
import { useFormContext, type ControllerRenderProps, type FieldPath, type FieldValues } from "react-hook-form";
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";

export interface FieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> {
  name: TName;
  label: ReactNode;
  description?: ReactNode;
  className?: string;
  /** Shown before the control on its line (a phone number's "+63"). */
  addon?: ReactNode;
  /** After the message: a second note the form's validation does not own. */
  footer?: ReactNode;
  /** The control, given react-hook-form's field props. */
  render: (field: ControllerRenderProps<TValues, TName>) => ReactElement;
  /** The control places FormControl itself (a Select, whose trigger is what the label names). */
  placesControl?: boolean;
}

export function Field<TValues extends FieldValues, TName extends FieldPath<TValues> = FieldPath<TValues>>(
  props: FieldProps<TValues, TName>,
) {
  const { name, label, description, className, addon, footer, render, placesControl } = props;
  const { control } = useFormContext<TValues>();
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const controlElement = placesControl ? render(field) : <FormControl>{render(field)}</FormControl>;
        return (
          <FormItem className={className}>
            <FormLabel>{label}</FormLabel>
            {addon ? (
              <div className="flex">
                {addon}
                {controlElement}
              </div>
            ) : (
              controlElement
            )}
            {description && <FormDescription>{description}</FormDescription>}
            <FormMessage />
            {footer}
          </FormItem>
        );
      }}
    />
  );
}

type ControlProps<T extends "input" | "textarea"> = Omit<
  ComponentProps<T>,
  "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "ref" | "children"
>;

export type TextFieldProps<TValues extends FieldValues, TName extends FieldPath<TValues>> = Omit<
  FieldProps<TValues, TName>,
  "render" | "placesControl" | "className"
> & {
  /** Rewrites what is typed or pasted before the form keeps it (digits only, a phone's shape). */
  normalize?: (value: string) => string;
  /** Classes of the FormItem around the field. */
  itemClassName?: string;
} & (({ multiline?: false } & ControlProps<"input">) | ({ multiline: true } & ControlProps<"textarea">));

/** A text input (or, `multiline`, a textarea) bound to the form's string field `name`. */
export function TextField<TValues extends FieldValues, TName extends FieldPath<TValues> = FieldPath<TValues>>(
  props: TextFieldProps<TValues, TName>,
) {
  const { name, label, description, addon, footer, normalize, itemClassName, ...control } = props;
  return (
    <Field<TValues, TName>
      name={name}
      label={label}
      description={description}
      addon={addon}
      footer={footer}
      className={itemClassName}
      render={(field) => {
        const onChange = (event: { target: { value: string } }) =>
          field.onChange(normalize ? normalize(event.target.value) : event.target.value);
        if (control.multiline) {
          const { multiline: _multiline, ...rest } = control;
          return <Textarea {...field} {...rest} onChange={onChange} />;
        }
        const { multiline: _multiline, ...rest } = control;
        return <Input {...field} {...rest} onChange={onChange} />;
      }}
    />
  );
}
