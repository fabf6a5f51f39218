// The draw's words, shared by the screens, the public page and the server (docs/decisions/105-109).

export const RAFFLE_STATUSES = ["selling", "sales_closed", "committed", "drawn", "published", "closed"] as const;
export type RaffleStatus = (typeof RAFFLE_STATUSES)[number];
export const RAFFLE_STATUS_LABELS: Record<RaffleStatus, string> = {
  selling: "Selling",
  sales_closed: "Sales closed",
  committed: "Committed",
  drawn: "Drawn",
  published: "Published",
  closed: "Closed",
};

export const WINNER_STATES = ["drawn", "notified", "claimed", "disqualified", "forfeited"] as const;
export type WinnerState = (typeof WINNER_STATES)[number];
export const WINNER_STATE_LABELS: Record<WinnerState, string> = {
  drawn: "Drawn",
  notified: "Notified",
  claimed: "Claimed",
  disqualified: "Disqualified",
  forfeited: "Forfeited",
};

/** What an administrator may record on a position (POST /api/draws/{id}/positions/{n}/{action}). */
export const POSITION_ACTIONS = ["notify", "claim", "disqualify", "forfeit", "reinstate"] as const;
export type PositionAction = (typeof POSITION_ACTIONS)[number];

export const DISQUALIFY_REASONS = ["ineligible_buyer", "duplicate_entry", "unreachable", "other"] as const;
export type DisqualifyReason = (typeof DISQUALIFY_REASONS)[number];
export const DISQUALIFY_REASON_LABELS: Record<DisqualifyReason, string> = {
  ineligible_buyer: "Ineligible buyer",
  duplicate_entry: "Duplicate entry",
  unreachable: "Unreachable",
  other: "Other",
};

export const SOURCE_TYPES = ["dice", "pcso", "drand-quicknet"] as const;

/** 'Start a new draw for {prize}': a prize whose winner and every backup are disqualified or forfeited. */
export const runExhaustedMessage = (prize: string) => `Start a new draw for ${prize}`;

/** The words the public verify page (issue 22) shows for a drawn ticket. */
export const winnerStatusText = (prize: string) => `Winner: ${prize}`;
export const NOT_A_WINNER_TEXT = "Drawn: not a winning ticket";

/**
 * The outside value's source in words: 'witnessed dice, 20 rolls', 'PCSO 6/58 of 2026-12-15', 'drand quicknet round
 * 657413'.
 */
export function describeSource(source: {
  type: string;
  count?: number;
  game?: string;
  drawDate?: string;
  round?: number;
}): string {
  if (source.type === "dice") return `witnessed dice, ${source.count} rolls`;
  if (source.type === "pcso") return `PCSO ${source.game} lotto result of ${source.drawDate}`;
  if (source.type === "drum") return "a physical drum: counterfoils drawn by hand before witnesses";
  return `drand quicknet round ${source.round}`;
}

/**
 * The outside value as compared between its two typings (docs/draw.md §2: spaces and separators are
 * ignored), the same on the screen and in the API: dice are their digits; PCSO numbers their
 * values in order ("06, 12" = "6 12"); a drand signature its hex digits, any case, without 0x.
 */
export function outsideValueKey(sourceType: string, entered: string): string {
  const value = entered.trim().toLowerCase();
  if (sourceType === "pcso") {
    return value
      .split(/[\s,;-]+/)
      .filter(Boolean)
      .map((part) => (/^\d+$/.test(part) ? String(Number(part)) : part))
      .join(",");
  }
  if (sourceType === "drand-quicknet") return value.replace(/^0x/, "").replace(/[\s:]+/g, "");
  return value.replace(/[\s,;-]+/g, "");
}

/** Whether the two typings of the outside value are the same value once spaces and separators are removed. */
export const sameOutsideValue = (sourceType: string, a: string, b: string) =>
  outsideValueKey(sourceType, a) === outsideValueKey(sourceType, b);

/** Witnesses as typed in the Witnesses box: one name per line, commas kept ("Lito Lapid, class president"). */
export const witnessLines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((w) => w.trim())
    .filter(Boolean);
