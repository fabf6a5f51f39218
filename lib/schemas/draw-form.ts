// The Draw page's forms (components/draw/): string inputs checked by the API's own schemas, so a
// form shows the API's messages under the field they are about (lib/schemas/draw.ts).
import { z } from "zod";
import { DISQUALIFY_REASONS, SOURCE_TYPES, sameOutsideValue, witnessLines } from "@/lib/draw";
import {
  DRAW_MESSAGES,
  DRUM_SOURCE,
  drawSourceSchema,
  type CommitDrawPayload,
  type DrumPickPayload,
  type RevealDrawPayload,
} from "@/lib/schemas/draw";

const int = (v: string) => (/^\s*\d+\s*$/.test(v) ? Number(v) : Number.NaN);

export const commitDrawFormSchema = z
  .object({
    mode: z.enum(["rng", "drum"]),
    type: z.enum(SOURCE_TYPES),
    count: z.string(),
    game: z.string(),
    drawDate: z.string(),
    round: z.string(),
  })
  .transform((v, ctx): CommitDrawPayload => {
    if (v.mode === "drum") return { mode: "drum", source: DRUM_SOURCE };
    const raw =
      v.type === "dice"
        ? { type: v.type, count: int(v.count) }
        : v.type === "pcso"
          ? { type: v.type, game: v.game, drawDate: v.drawDate }
          : { type: v.type, round: int(v.round) };
    const parsed = drawSourceSchema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", path: issue.path.length ? issue.path : ["type"], message: issue.message });
      return z.NEVER;
    }
    return { source: parsed.data, mode: "rng" };
  });
export type CommitDrawFormValues = z.input<typeof commitDrawFormSchema>;

/**
 * Draw day's form for a draw whose outside value comes from `sourceType`: the two typings compared as the API compares
 * them.
 */
export const revealDrawFormSchemaFor = (sourceType: string) =>
  z
    .object({
      outsideValue: z.string().trim().min(1, DRAW_MESSAGES.outsideValue),
      outsideValueConfirm: z.string().trim().min(1, "Type the outside value a second time"),
      witnesses: z.string(),
    })
    .superRefine((v, ctx) => {
      if (!sameOutsideValue(sourceType, v.outsideValue, v.outsideValueConfirm)) {
        ctx.addIssue({ code: "custom", path: ["outsideValueConfirm"], message: DRAW_MESSAGES.outsideValueMismatch });
      }
      if (!witnessLines(v.witnesses).length)
        ctx.addIssue({ code: "custom", path: ["witnesses"], message: DRAW_MESSAGES.witnesses });
    })
    .transform((v): RevealDrawPayload => ({
      outsideValue: v.outsideValue,
      outsideValueConfirm: v.outsideValueConfirm,
      witnesses: witnessLines(v.witnesses),
    }));
export type RevealDrawFormValues = z.input<ReturnType<typeof revealDrawFormSchemaFor>>;

/** Drum mode: the counterfoil as typed or scanned, and the witnesses (one per line), kept between picks. */
export const drumPickFormSchema = z
  .object({ controlNumber: z.string().trim().min(1, DRAW_MESSAGES.controlNumber), witnesses: z.string() })
  .superRefine((v, ctx) => {
    if (!witnessLines(v.witnesses).length)
      ctx.addIssue({ code: "custom", path: ["witnesses"], message: DRAW_MESSAGES.witnesses });
  })
  .transform((v): DrumPickPayload => ({ controlNumber: v.controlNumber, witnesses: witnessLines(v.witnesses) }));
export type DrumPickFormValues = z.input<typeof drumPickFormSchema>;

export const disqualifyFormSchema = z
  .object({ reason: z.enum(DISQUALIFY_REASONS, { error: "Choose a reason" }), note: z.string().trim().max(1000) })
  .superRefine((v, ctx) => {
    if (v.reason === "other" && v.note.length < 10)
      ctx.addIssue({
        code: "custom",
        path: ["note"],
        message: "A note of at least 10 characters is required when the reason is Other",
      });
  });
export type DisqualifyFormValues = z.input<typeof disqualifyFormSchema>;

export const reinstateFormSchema = z.object({
  reason: z.string().trim().min(3, DRAW_MESSAGES.reinstateReason).max(500),
});
export type ReinstateFormValues = z.input<typeof reinstateFormSchema>;
