import "server-only";
import type { WinnerState } from "@/lib/draw";

// A position's state is the fold of its events (append-only winner_events), and a prize's effective
// winner the first position of its run not disqualified or forfeited (docs/decisions/107-winners.md).

export interface EventRow {
  position: number;
  event: string;
}

export interface PositionRow {
  position: number;
  controlNumber: string;
  prizeRank: number;
  role: "winner" | "backup";
}

/** drawn → notified → claimed; disqualified/forfeited remember the state they ended; reinstated returns to it. */
export function foldStates(events: readonly EventRow[]): Map<number, WinnerState> {
  const states = new Map<number, WinnerState>();
  const before = new Map<number, WinnerState[]>();
  for (const e of events) {
    const current = states.get(e.position) ?? "drawn";
    switch (e.event) {
      case "drawn":
      case "notified":
      case "claimed":
        states.set(e.position, e.event);
        break;
      case "disqualified":
      case "forfeited":
        before.set(e.position, [...(before.get(e.position) ?? []), current]);
        states.set(e.position, e.event);
        break;
      case "reinstated": {
        const stack = before.get(e.position) ?? [];
        states.set(e.position, stack.pop() ?? "drawn");
        break;
      }
    }
  }
  return states;
}

export const isOut = (state: WinnerState) => state === "disqualified" || state === "forfeited";

/** Per prize rank of this draw: the effective winner's position, or null when its run is exhausted. */
export function effectiveWinners(positions: readonly PositionRow[], states: Map<number, WinnerState>) {
  const byPrize = new Map<number, PositionRow | null>();
  for (const p of [...positions].sort((a, b) => a.position - b.position)) {
    if (byPrize.get(p.prizeRank)) continue;
    byPrize.set(p.prizeRank, isOut(states.get(p.position) ?? "drawn") ? null : p);
  }
  return byPrize;
}
