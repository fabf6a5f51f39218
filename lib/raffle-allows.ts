// What the raffle's state allows (issue 38 item 3, docs/decisions/202): one pure function that the
// server's services and every write screen ask, with the sentence a screen shows up front. The
// database's triggers remain the last word (RF002 sales closed, RF003 a committed draw, RF007 a
// closed raffle: prisma/migrations/*_draw and *_raffle_closeout); this says the same thing before a
// person types anything.
import type { RaffleStatus } from "@/lib/draw";

/** The kinds of write a screen offers. */
export const RAFFLE_WRITES = [
  /** Register a ticket to a buyer (sell it): Register, Tickets' edit of an unsold ticket, imports of sold rows. */
  "sell",
  /** Create ticket numbers: Generate, Custom range, Import. */
  "generate",
  /** Void or unvoid a ticket, edit or delete a ticket. */
  "changeTickets",
  /** Print stubs (writes the stubs' print log). */
  "printStubs",
  /** Allocate, return, remit, adjust a seller's balance. */
  "remit",
  /** Import statements, match, ignore, unverify. */
  "reconcile",
  /** Add, change or remove prizes. */
  "editPrizes",
] as const;
export type RaffleWrite = (typeof RAFFLE_WRITES)[number];

export interface RaffleAllows {
  status: RaffleStatus;
  /** For each write: null when allowed, else the sentence saying what is closed and why. */
  refusals: Record<RaffleWrite, string | null>;
}

export const RAFFLE_CLOSED_TEXT =
  "The raffle is closed: its records are read-only. An administrator can reopen it on Close-out.";
export const SALES_CLOSED_TEXT =
  "Sales are closed: no ticket can be sold or registered now (closed on the Draw page before the draw).";
export const DRAW_COMMITTED_TEXT =
  "The draw is committed: its pool of tickets is fixed, so no ticket " +
  "can be sold or generated, and the prizes are fixed.";

/** What `status` allows. */
export function raffleAllows(status: RaffleStatus): RaffleAllows {
  const refusals = Object.fromEntries(RAFFLE_WRITES.map((w) => [w, null])) as Record<RaffleWrite, string | null>;
  if (status === "closed") {
    for (const w of RAFFLE_WRITES) refusals[w] = RAFFLE_CLOSED_TEXT;
    return { status, refusals };
  }
  if (status !== "selling") refusals.sell = SALES_CLOSED_TEXT;
  if (status === "committed" || status === "drawn" || status === "published") {
    refusals.sell = DRAW_COMMITTED_TEXT;
    refusals.generate = DRAW_COMMITTED_TEXT;
    refusals.editPrizes = DRAW_COMMITTED_TEXT;
  }
  // Voids and edits after the commit: the database refuses them for the pool's tickets only
  // (RF003); an unsold stub can still be voided, so "changeTickets" stays open until Close.
  return { status, refusals };
}

/** Whether nothing at all may be written (a closed raffle): the routes' guard asks this. */
export const isReadOnlyRaffle = (status: RaffleStatus) =>
  RAFFLE_WRITES.every((w) => raffleAllows(status).refusals[w] !== null);

/** The one sentence a screen offering `writes` shows up front; null when all of them are allowed. */
export function raffleNotice(status: RaffleStatus, writes: readonly RaffleWrite[]): string | null {
  const { refusals } = raffleAllows(status);
  const sentences = [...new Set(writes.map((w) => refusals[w]).filter((s): s is string => s !== null))];
  return sentences.length ? sentences.join(" ") : null;
}
