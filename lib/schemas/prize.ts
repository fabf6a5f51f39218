// GET/POST /api/prizes, PUT/DELETE /api/prizes/{id} (docs/decisions/105): one prize's contract,
// used by the route handlers and the Prizes card's form.
import { z } from "zod";
import { stringInputs } from "@/lib/schemas/form";
import { text, textRules } from "@/lib/schemas/text";

export const PRIZE_MESSAGES = {
  rank: "Rank must be a whole number from 1 to 1000",
  name: "Prize name is required",
  value: "Value must be an amount in pesos from 0 to 99,999,999.99",
  backups: "Backups must be a whole number from 0 to 20",
  claimDays: "Days to claim must be a whole number from 1 to 3650",
} as const;

const numberLike = (v: unknown) => (typeof v === "string" && v.trim() !== "" ? Number(v.replace(/,/g, "")) : v);
const wholeNumber = (min: number, max: number, message: string) =>
  z.preprocess(numberLike, z.number({ error: message }).int(message).min(min, message).max(max, message));

export const prizeFields = {
  rank: wholeNumber(1, 1000, PRIZE_MESSAGES.rank),
  name: textRules(text({ error: PRIZE_MESSAGES.name }).trim().min(1, PRIZE_MESSAGES.name), {
    label: "Prize name",
    max: 200,
  }),
  valuePhp: z.preprocess(
    numberLike,
    z
      .number({ error: PRIZE_MESSAGES.value })
      .min(0, PRIZE_MESSAGES.value)
      .max(99_999_999.99, PRIZE_MESSAGES.value)
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, PRIZE_MESSAGES.value),
  ),
  backups: wholeNumber(0, 20, PRIZE_MESSAGES.backups),
  claimDays: wholeNumber(1, 3650, PRIZE_MESSAGES.claimDays),
};

export const prizeSchema = z.object({
  rank: prizeFields.rank,
  name: prizeFields.name,
  valuePhp: prizeFields.valuePhp,
  backups: prizeFields.backups.default(3),
  claimDays: prizeFields.claimDays.default(60),
});
export type PrizePayload = z.output<typeof prizeSchema>;

/** The Prizes card's form: strings in, the API's payload out. */
export const prizeFormSchema = stringInputs(prizeFields);
export type PrizeFormValues = z.input<typeof prizeFormSchema>;

export const prizeJsonSchema = z.object({
  id: z.uuid(),
  rank: z.number().int(),
  name: z.string(),
  /** Pesos with two decimals, as text ('5000.00'): money is never a float on the wire. */
  valuePhp: z.string().regex(/^\d+\.\d{2}$/),
  backups: z.number().int(),
  claimDays: z.number().int(),
});
export type Prize = z.infer<typeof prizeJsonSchema>;

/** GET /api/prizes: the prize table, by rank. */
export const prizesAnswerSchema = z.object({ success: z.literal(true), prizes: z.array(prizeJsonSchema) });
export type PrizesAnswer = z.infer<typeof prizesAnswerSchema>;

/** POST /api/prizes (201), PUT and DELETE /api/prizes/{id}: the prize as saved (or as it was). */
export const prizeSavedSchema = z.object({ success: z.literal(true), message: z.string(), prize: prizeJsonSchema });
export type PrizeSaved = z.infer<typeof prizeSavedSchema>;
