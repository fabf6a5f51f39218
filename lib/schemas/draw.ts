// The draw's API contract (docs/decisions/105-109, docs/draw.md): commit, reveal, position actions,
// close sales; and the shapes the API answers with. Used by the route handlers and the Draw page.
import { z } from "zod";
import { DISQUALIFY_REASONS, RAFFLE_STATUSES, WINNER_STATES } from "@/lib/draw";
import type { PublicUrlView } from "@/lib/public-url";
import { text, textRules } from "@/lib/schemas/text";

export const DRAW_MESSAGES = {
  source: "source must be {type: 'dice', count}, {type: 'pcso', game, drawDate} or {type: 'drand-quicknet', round}",
  diceCount: "The number of dice rolls must be a whole number from 5 to 100",
  pcsoGame: "Name the PCSO game, e.g. 6/58",
  pcsoDate: "The PCSO draw date must be a date (YYYY-MM-DD)",
  round: "The drand round must be a whole number from 1",
  mode: "mode must be 'rng' or 'drum'",
  drumSource: "A drum draw has no outside value: leave source out",
  controlNumber: "Enter or scan the ticket's control number",
  outsideValue: "Enter the outside value",
  outsideValueMismatch: "The two entries of the outside value differ",
  witnesses: "Name at least one witness",
  reason: `reason must be one of ${DISQUALIFY_REASONS.join(", ")}`,
  reinstateReason: "A reason of at least 3 characters is required to reinstate",
  overrideReason: "An override needs a written reason of at least 10 characters",
} as const;

const positiveInt = (min: number, max: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(max, message);

export const drawSourceSchema = z.discriminatedUnion(
  "type",
  [
    z.object({ type: z.literal("dice"), count: positiveInt(5, 100, DRAW_MESSAGES.diceCount) }),
    z.object({
      type: z.literal("pcso"),
      game: textRules(
        text({ error: DRAW_MESSAGES.pcsoGame })
          .trim()
          .regex(/^[A-Za-z0-9/ .-]{1,20}$/, DRAW_MESSAGES.pcsoGame),
        { label: "PCSO game", max: 20 },
      ),
      drawDate: z.iso.date({ error: DRAW_MESSAGES.pcsoDate }),
    }),
    z.object({
      type: z.literal("drand-quicknet"),
      round: positiveInt(1, Number.MAX_SAFE_INTEGER, DRAW_MESSAGES.round),
    }),
  ],
  { error: DRAW_MESSAGES.source },
);
/** A drum draw's "source": the counterfoils drawn by hand from a physical drum (docs/decisions/129). */
export const DRUM_SOURCE = { type: "drum" } as const;
export type DrawSource = z.output<typeof drawSourceSchema> | typeof DRUM_SOURCE;

export const commitDrawSchema = z
  .object({
    source: z.unknown().optional(),
    mode: z.enum(["rng", "drum"], { error: DRAW_MESSAGES.mode }).default("rng"),
  })
  .transform(
    (
      v,
      ctx,
    ): { mode: "rng"; source: z.output<typeof drawSourceSchema> } | { mode: "drum"; source: typeof DRUM_SOURCE } => {
      if (v.mode === "drum") {
        const given = v.source as { type?: unknown } | null | undefined;
        if (
          given !== undefined &&
          given !== null &&
          !(typeof given === "object" && given.type === "drum" && Object.keys(given).length === 1)
        ) {
          ctx.addIssue({ code: "custom", path: ["source"], message: DRAW_MESSAGES.drumSource });
          return z.NEVER;
        }
        return { mode: "drum", source: DRUM_SOURCE };
      }
      const parsed = drawSourceSchema.safeParse(v.source);
      if (!parsed.success) {
        for (const issue of parsed.error.issues)
          ctx.addIssue({ code: "custom", path: ["source", ...issue.path.map(String)], message: issue.message });
        return z.NEVER;
      }
      return { mode: "rng", source: parsed.data };
    },
  );
export type CommitDrawPayload = z.output<typeof commitDrawSchema>;

const witnessName = textRules(text().trim().min(1, DRAW_MESSAGES.witnesses), { label: "Witness name", max: 100 });

export const revealDrawSchema = z.object({
  outsideValue: textRules(text({ error: DRAW_MESSAGES.outsideValue }).trim().min(1, DRAW_MESSAGES.outsideValue), {
    label: "Outside value",
    max: 400,
  }),
  /**
   * The second typing (the screen asks twice); when given it must be the same value once spaces
   * and separators are removed (lib/draw.ts outsideValueKey, checked by the service, which knows
   * the draw's source).
   */
  outsideValueConfirm: z.string().trim().optional(),
  witnesses: z.array(witnessName, { error: DRAW_MESSAGES.witnesses }).min(1, DRAW_MESSAGES.witnesses).max(20),
});
export type RevealDrawPayload = z.output<typeof revealDrawSchema>;

const witnessList = z.array(witnessName, { error: DRAW_MESSAGES.witnesses }).min(1, DRAW_MESSAGES.witnesses).max(20);

/** POST /api/draws/{id}/drum-pick: one counterfoil as it comes out of the drum, and who watched. */
export const drumPickSchema = z.object({
  controlNumber: textRules(text({ error: DRAW_MESSAGES.controlNumber }).trim().min(1, DRAW_MESSAGES.controlNumber), {
    label: "Control number",
    max: 40,
  }),
  witnesses: witnessList,
});
export type DrumPickPayload = z.output<typeof drumPickSchema>;

export const positionActionSchema = z.object({
  reason: z.string().trim().max(500).optional(),
  note: textRules(text().trim(), { label: "Note", max: 1000, multiline: true }).optional(),
});
export type PositionActionPayload = z.output<typeof positionActionSchema>;

export const closeSalesSchema = z.object({
  overrides: z
    .array(
      z.object({
        item: z.string().min(1).max(100),
        reason: textRules(text().trim().min(10, DRAW_MESSAGES.overrideReason), { label: "Reason", max: 500 }),
      }),
    )
    .max(20)
    .default([]),
});
export type CloseSalesPayload = z.output<typeof closeSalesSchema>;

/** GET /api/raffle/state's query: `checklist=0` leaves out Close sales' open items. */
export const raffleStateQuerySchema = z.object({
  checklist: z.enum(["0", "1"], { error: "checklist must be 0 or 1" }).optional(),
});

export const checklistItemSchema = z.object({
  item: z.string(),
  message: z.string(),
  /** The screen listing exactly what the item counts (issue 37). */
  href: z.string().optional(),
});
export type ChecklistItem = z.infer<typeof checklistItemSchema>;

export const raffleStateViewSchema = z.object({
  status: z.enum(RAFFLE_STATUSES),
  salesClosedAt: z.iso.datetime({ offset: true }).nullable(),
  publishedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Each checklist item open when sales closed: its sentence then, and the reason it was overridden. */
  closeOverrides: z.array(z.object({ item: z.string(), message: z.string(), reason: z.string() })),
  /** The open checklist items (what Close sales would block on now). */
  checklist: z.array(checklistItemSchema),
  currentDrawId: z.uuid().nullable(),
});
export type RaffleStateView = z.infer<typeof raffleStateViewSchema>;

/** The address printed in QR codes and public links (lib/public-url.ts), with its warning. */
export const publicUrlViewSchema = z.object({
  url: z.string(),
  configured: z.boolean(),
  problem: z.enum(["unset", "loopback", "unspecified"]).nullable(),
  warning: z.string().nullable(),
}) satisfies z.ZodType<PublicUrlView>;

/** GET /api/raffle/state. */
export const raffleStateAnswerSchema = z.object({
  success: z.literal(true),
  state: raffleStateViewSchema,
  publicUrl: publicUrlViewSchema,
});
export type RaffleStateAnswer = z.infer<typeof raffleStateAnswerSchema>;

/** A row of GET /api/draws (administrators), newest first. */
export const drawSummarySchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  poolCount: z.number().int(),
  committedAt: z.iso.datetime({ offset: true }),
  revealedAt: z.iso.datetime({ offset: true }).nullable(),
  publishedAt: z.iso.datetime({ offset: true }).nullable(),
});
export type DrawSummary = z.infer<typeof drawSummarySchema>;

export const drawsAnswerSchema = z.object({ success: z.literal(true), draws: z.array(drawSummarySchema) });
export type DrawsAnswer = z.infer<typeof drawsAnswerSchema>;

/** POST /api/draws (201): the committed draw's pool and hashes (SHA-256, hex). */
export const drawCommittedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.uuid(),
  number: z.number().int(),
  poolCount: z.number().int(),
  poolHash: z.string().regex(/^[0-9a-f]{64}$/),
  commitHash: z.string().regex(/^[0-9a-f]{64}$/),
  /** How many positions (winners and backups) the draw will fill. */
  positions: z.number().int(),
});
export type DrawCommitted = z.infer<typeof drawCommittedSchema>;

/** POST /api/raffle/close-sales: the state after. */
export const closeSalesAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  state: raffleStateViewSchema,
});
export type CloseSalesAnswer = z.infer<typeof closeSalesAnswerSchema>;

const isoTime = z.iso.datetime({ offset: true });
const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
const role = z.enum(["winner", "backup"]);

/** A draw's source as the answers carry it: the outside value's origin, or a physical drum. */
export const drawSourceViewSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("dice"), count: z.number().int() }),
  z.object({ type: z.literal("pcso"), game: z.string(), drawDate: z.string() }),
  z.object({ type: z.literal("drand-quicknet"), round: z.number().int() }),
  z.object({ type: z.literal("drum") }),
]) satisfies z.ZodType<DrawSource>;

export const sequenceEntrySchema = z.object({
  position: z.number().int(),
  controlNumber: z.string(),
  prizeRank: z.number().int(),
  role,
  state: z.enum(WINNER_STATES),
  maskedName: z.string().nullable(),
});
export type SequenceEntry = z.infer<typeof sequenceEntrySchema>;

export const drawPrizeSchema = z.object({
  rank: z.number().int(),
  name: z.string(),
  valuePhp: z.string(),
  backups: z.number().int(),
  claimDays: z.number().int(),
});
export type DrawPrize = z.infer<typeof drawPrizeSchema>;

/** The public commitment (GET /api/public/draws/{id}); `sequence` after the reveal, masked names only. */
export const publicDrawSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  algorithm: z.literal("raffle-draw-v1"),
  mode: z.enum(["rng", "drum"]),
  poolCount: z.number().int(),
  poolHash: sha256Hex,
  commitHash: sha256Hex,
  source: drawSourceViewSchema,
  sourceText: z.string(),
  prizes: z.array(drawPrizeSchema),
  committedAt: isoTime,
  revealedAt: isoTime.nullable(),
  publishedAt: isoTime.nullable(),
  serverSeed: z.string().nullable(),
  outsideValue: z.string().nullable(),
  seed: z.string().nullable(),
  sequence: z.array(sequenceEntrySchema).nullable(),
});
export type PublicDraw = z.infer<typeof publicDrawSchema>;

/** GET /api/public/draws/{id} (no sign-in). */
export const publicDrawAnswerSchema = z.object({ success: z.literal(true), draw: publicDrawSchema });

/** A file backing a disqualification (administrators only). */
export const evidenceFileSchema = z.object({
  id: z.uuid(),
  fileName: z.string(),
  fileSize: z.number().int(),
  sha256: sha256Hex,
  /** The purge of personal data removed the file (docs/decisions/147): no download, the hash stays. */
  removed: z.boolean(),
});
export type EvidenceFile = z.infer<typeof evidenceFileSchema>;

export const winnerEventViewSchema = z.object({
  position: z.number().int(),
  event: z.string(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  at: isoTime,
  actor: z.string().nullable(),
  evidence: z.array(evidenceFileSchema),
});
export type WinnerEventView = z.infer<typeof winnerEventViewSchema>;

/** GET /api/draws/{id} (administrators): the public view plus winners' names and the history. */
export const adminDrawSchema = publicDrawSchema.extend({
  witnesses: z.array(z.string()).nullable(),
  /** A drum draw before its last pick: the positions recorded so far and the next one's prize and role. */
  drum: z
    .object({
      picked: z.array(
        sequenceEntrySchema.omit({ state: true, maskedName: true }).extend({ buyerName: z.string().nullable() }),
      ),
      next: z.object({ position: z.number().int(), prizeRank: z.number().int(), role }).nullable(),
      total: z.number().int(),
    })
    .nullable(),
  effectiveWinners: z.array(
    z.object({ prizeRank: z.number().int(), position: z.number().int(), controlNumber: z.string() }),
  ),
  exhaustedPrizes: z.array(z.number().int()),
  positionsDetail: z
    .array(sequenceEntrySchema.extend({ buyerName: z.string().nullable(), phoneNumber: z.string().nullable() }))
    .nullable(),
  events: z.array(winnerEventViewSchema),
});
export type AdminDraw = z.infer<typeof adminDrawSchema>;
export const adminDrawAnswerSchema = z.object({ success: z.literal(true), draw: adminDrawSchema });
export type AdminDrawAnswer = z.infer<typeof adminDrawAnswerSchema>;

/** POST /api/draws/{id}/reveal: the outside value, the seed it made and how many positions it drew. */
export const drawRevealedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.uuid(),
  outsideValue: z.string(),
  seed: z.string(),
  positions: z.number().int(),
});
export type DrawRevealed = z.infer<typeof drawRevealedSchema>;

/** POST /api/draws/{id}/drum-pick: the position the counterfoil filled, and how many are left. */
export const drumPickedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.uuid(),
  position: z.number().int(),
  controlNumber: z.string(),
  prizeRank: z.number().int(),
  role,
  complete: z.boolean(),
  remaining: z.number().int(),
});
export type DrumPicked = z.infer<typeof drumPickedSchema>;

/** POST /api/draws/{id}/positions/{n}/{action}: the event recorded. */
export const positionEventSavedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  position: z.number().int(),
  controlNumber: z.string(),
  event: z.string(),
});
export type PositionEventSaved = z.infer<typeof positionEventSavedSchema>;

/** POST /api/draws/{id}/positions/{n}/evidence (201): the file kept with the disqualification. */
export const evidenceSavedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  evidence: z.object({
    id: z.uuid(),
    position: z.number().int(),
    fileName: z.string(),
    fileSize: z.number().int(),
    contentType: z.string(),
    sha256: sha256Hex,
    createdAt: isoTime,
  }),
});
export type EvidenceSaved = z.infer<typeof evidenceSavedSchema>;

/** POST /api/draws/{id}/publish. */
export const drawPublishedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  id: z.uuid(),
  publishedAt: isoTime,
});
export type DrawPublished = z.infer<typeof drawPublishedSchema>;

/**
 * One row of the winners lists (docs/decisions/125): a prize and its effective winner, from the latest draw that
 * covers it.
 */
export const winnerListRowSchema = z.object({
  prizeRank: z.number().int(),
  prizeName: z.string(),
  valuePhp: z.string(),
  drawNumber: z.number().int().nullable(),
  position: z.number().int().nullable(),
  role: role.nullable(),
  controlNumber: z.string().nullable(),
  state: z.enum(WINNER_STATES).nullable(),
  /** The permit office's list only. */
  buyerName: z.string().nullable(),
  address: z.string().nullable(),
  maskedName: z.string().nullable(),
});
export type WinnerListRow = z.infer<typeof winnerListRowSchema>;

export const publicWinnerListRowSchema = winnerListRowSchema.pick({
  prizeRank: true,
  prizeName: true,
  valuePhp: true,
  drawNumber: true,
  position: true,
  controlNumber: true,
  maskedName: true,
});
export type PublicWinnerListRow = z.infer<typeof publicWinnerListRowSchema>;

/** GET /api/draws/winners.json (administrators): before publication too. */
export const permitWinnersAnswerSchema = z.object({
  success: z.literal(true),
  publishedAt: isoTime.nullable(),
  winners: z.array(winnerListRowSchema),
});
/** GET /api/public/winners.json (no sign-in): once published. */
export const publicWinnersAnswerSchema = z.object({
  success: z.literal(true),
  publishedAt: isoTime,
  winners: z.array(publicWinnerListRowSchema),
});
export type PublicDrawAnswer = z.infer<typeof publicDrawAnswerSchema>;
export type PermitWinnersAnswer = z.infer<typeof permitWinnersAnswerSchema>;
export type PublicWinnersAnswer = z.infer<typeof publicWinnersAnswerSchema>;
