// A react-hook-form resolver whose zod schema, zod itself and @hookform/resolvers load on the
// form's first validation instead of with the screen (decision 177). The form's types come from
// the schema's type only (`import type`), so the screen's first load carries no zod. The first
// validation waits for the import (a cached chunk after that); every later one runs the same
// zodResolver as before, with the same messages.
import type { FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";

type Zod4Schema<Input extends FieldValues, Output> = z.ZodType<Output, Input>;

export function lazyZodResolver<Input extends FieldValues, Output = Input>(
  load: () => Promise<Zod4Schema<Input, Output>>,
): Resolver<Input, unknown, Output> {
  let resolver: Promise<Resolver<Input, unknown, Output>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([load(), import("@hookform/resolvers/zod")]).then(([schema, { zodResolver }]) =>
      zodResolver<Input, unknown, Output>(schema),
    );
    return (await resolver)(values, context, options);
  };
}
