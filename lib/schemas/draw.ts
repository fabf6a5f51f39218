// The draw's API contract (docs/decisions/105-109, docs/draw.md): commit, reveal, position actions,
// close sales; and the shapes the API answers with. Used by the route handlers and the Draw page.
import { z } from "zod";
import { DISQUALIFY_REASONS, RAFFLE_STATUSES, type WinnerState } from "@/lib/draw";
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

export interface SequenceEntry {
  position: number;
  controlNumber: string;
  prizeRank: number;
  role: "winner" | "backup";
  state: WinnerState;
  maskedName: string | null;
}

export interface DrawPrize {
  rank: number;
  name: string;
  valuePhp: string;
  backups: number;
  claimDays: number;
}

/** The public commitment (GET /api/public/draws/{id}); `sequence` after the reveal, masked names only. */
export interface PublicDraw {
  id: string;
  number: number;
  algorithm: "raffle-draw-v1";
  mode: "rng" | "drum";
  poolCount: number;
  poolHash: string;
  commitHash: string;
  source: DrawSource;
  sourceText: string;
  prizes: DrawPrize[];
  committedAt: string;
  revealedAt: string | null;
  publishedAt: string | null;
  serverSeed: string | null;
  outsideValue: string | null;
  seed: string | null;
  sequence: SequenceEntry[] | null;
}

/** A file backing a disqualification (administrators only). */
export interface EvidenceFile {
  id: string;
  fileName: string;
  fileSize: number;
  sha256: string;
  /** The purge of personal data removed the file (docs/decisions/147): no download, the hash stays. */
  removed: boolean;
}

export interface WinnerEventView {
  position: number;
  event: string;
  reason: string | null;
  note: string | null;
  at: string;
  actor: string | null;
  evidence: EvidenceFile[];
}

/** GET /api/draws/{id} (administrators): the public view plus winners' names and the history. */
export interface AdminDraw extends PublicDraw {
  witnesses: string[] | null;
  /** A drum draw before its last pick: the positions recorded so far and the next one's prize and role. */
  drum: {
    picked: (Omit<SequenceEntry, "state" | "maskedName"> & { buyerName: string | null })[];
    next: { position: number; prizeRank: number; role: "winner" | "backup" } | null;
    total: number;
  } | null;
  effectiveWinners: { prizeRank: number; position: number; controlNumber: string }[];
  exhaustedPrizes: number[];
  positionsDetail: (SequenceEntry & { buyerName: string | null; phoneNumber: string | null })[] | null;
  events: WinnerEventView[];
}

/** One row of the winners lists (docs/decisions/125): a prize and its effective winner, from the latest draw that covers it. */
export interface WinnerListRow {
  prizeRank: number;
  prizeName: string;
  valuePhp: string;
  drawNumber: number | null;
  position: number | null;
  role: "winner" | "backup" | null;
  controlNumber: string | null;
  state: WinnerState | null;
  /** The permit office's list only. */
  buyerName: string | null;
  address: string | null;
  maskedName: string | null;
}

export type PublicWinnerListRow = Pick<
  WinnerListRow,
  "prizeRank" | "prizeName" | "valuePhp" | "drawNumber" | "position" | "controlNumber" | "maskedName"
>;
