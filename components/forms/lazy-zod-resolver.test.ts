import { zodResolver } from "@hookform/resolvers/zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { closeRaffleSchema } from "@/lib/schemas/closeout";

const options = { fields: {}, shouldUseNativeValidation: false } as const;

describe("lazyZodResolver", () => {
  it("answers exactly as zodResolver does, for valid and invalid values", async () => {
    const lazy = lazyZodResolver(() => import("@/lib/schemas/closeout").then((m) => m.closeRaffleSchema));
    const eager = zodResolver(closeRaffleSchema);
    for (const values of [{ confirm: "" }, { confirm: "close" }, { confirm: "CLOSE" }, { confirm: "nope" }]) {
      expect(await lazy(values, undefined, options)).toEqual(await eager(values, undefined, options));
    }
  });

  it("loads the schema once, on the first validation, and keeps the transformed output", async () => {
    let loads = 0;
    const schema = z.object({ amount: z.string().regex(/^\d+$/, "Whole pesos only").transform(Number) });
    const resolver = lazyZodResolver(async () => {
      loads += 1;
      return schema;
    });
    expect(loads).toBe(0);
    const bad = await resolver({ amount: "1.5" }, undefined, options);
    expect(bad.errors.amount?.message).toBe("Whole pesos only");
    expect(await resolver({ amount: "50" }, undefined, options)).toEqual({ values: { amount: 50 }, errors: {} });
    expect(loads).toBe(1);
  });

  it("judges the values as they were when asked, though they change while the schema loads", async () => {
    let arrive!: (schema: typeof closeRaffleSchema) => void;
    const resolver = lazyZodResolver(() => new Promise<typeof closeRaffleSchema>((resolve) => (arrive = resolve)));
    // react-hook-form hands over its live values object; the person corrects the word meanwhile.
    const live = { confirm: "close" };
    const first = resolver(live, undefined, options);
    live.confirm = "CLOSE";
    arrive(closeRaffleSchema);
    expect((await first).errors.confirm?.message).toBe(
      (await zodResolver(closeRaffleSchema)({ confirm: "close" }, undefined, options)).errors.confirm?.message,
    );
    expect(await resolver(live, undefined, options)).toEqual({ values: { confirm: "CLOSE" }, errors: {} });
  });
});
