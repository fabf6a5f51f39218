// A react-hook-form resolver whose zod schema, zod itself and @hookform/resolvers load on the
// form's first validation instead of with the screen (decision 177). The form's types come from
// the schema's type only (`import type`), so the screen's first load carries no zod. The first
// validation waits for the import (a cached chunk after that); every later one runs the same
// zodResolver as before, with the same messages.
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

type Zod4Schema<Input extends FieldValues, Output> = z.ZodType<Output, Input>;

/**
 * The values as they are now: react-hook-form passes its live values object, which typing changes
 * in place. Plain objects and arrays are copied (all a form's values are made of), anything else
 * (a File, a Date) is kept as it is.
 */
function snapshot<T>(value: T): T {
  if (Array.isArray(value)) return value.map(snapshot) as T;
  if (value !== null && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, snapshot(v)])) as T;
  return value;
}

export function lazyZodResolver<Input extends FieldValues, Output = Input>(
  load: () => Promise<Zod4Schema<Input, Output>>,
): Resolver<Input, unknown, Output> {
  let resolver: Promise<Resolver<Input, unknown, Output>> | undefined;
  let loaded: Resolver<Input, unknown, Output> | undefined;
  return async (values, context, options) => {
    if (loaded) return loaded(values, context, options);
    // The first validation waits for the import: it judges the values as they were when it was
    // asked. Otherwise what was typed meanwhile (the wrong confirmation word, corrected before the
    // chunk came) passed as if submitted, and the next click submitted a second time.
    const asked = snapshot(values);
    resolver ??= Promise.all([load(), import("@hookform/resolvers/zod")]).then(([schema, { zodResolver }]) =>
      zodResolver<Input, unknown, Output>(schema),
    );
    loaded = await resolver;
    return loaded(asked, context, options);
  };
}
