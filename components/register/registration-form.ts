// The Register screen's two forms as react-hook-form takes them: resolvers over the shared schemas of
// lib/schemas/registration-form.ts, loaded on the first validation (decision 177), and the empty
// buyer both start from. Without zod: the screen's first load does not carry the schemas.
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import type { BuyerFormValues } from "@/lib/schemas/registration-form";

export const buyerFormResolver = lazyZodResolver(() =>
  import("@/lib/schemas/registration-form").then((m) => m.buyerFormSchema),
);
export const singleRegistrationResolver = lazyZodResolver(() =>
  import("@/lib/schemas/registration-form").then((m) => m.singleRegistrationFormSchema),
);

/** A new form: no buyer yet, paid in cash (the Register screen's default). */
export const EMPTY_BUYER: BuyerFormValues = {
  buyerName: "",
  phoneNumber: "",
  email: "",
  address: "",
  paymentMethod: "cash",
  paymentReference: "",
};
