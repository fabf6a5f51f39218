// Form schemas from API schemas. An input holds a string, while the API's field schemas accept
// any JSON (`z.preprocess` gives them an `unknown` input), so a form built on them straight away
// has untyped values. `stringInputs` pipes a string into each of the API's own field schemas:
// the same rules and messages, string values in, the API's payload out, so `zodResolver(schema)`
// types both sides without a cast.
import { z } from "zod";

/** Each field of `Shape`, taking the string its input holds. */
export type StringInputShape<Shape extends z.ZodRawShape> = { [K in keyof Shape]: z.ZodPipe<z.ZodString, Shape[K]> };

export function stringInputs<Shape extends z.ZodRawShape>(shape: Shape): z.ZodObject<StringInputShape<Shape>> {
  const piped: Record<string, z.ZodType> = Object.fromEntries(
    Object.entries(shape).map(([key, field]) => [key, z.string().pipe(field as z.ZodType<unknown, string>)]),
  );
  return z.object(piped as StringInputShape<Shape>);
}

/** The named fields of a shape (a form shows a subset of what the API accepts). */
export function pickFields<Shape extends z.ZodRawShape, const Key extends keyof Shape>(
  shape: Shape,
  keys: readonly Key[],
): Pick<Shape, Key> {
  return Object.fromEntries(keys.map((key) => [key, shape[key]])) as Pick<Shape, Key>;
}
