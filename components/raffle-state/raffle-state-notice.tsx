"use client";

// What the raffle's state closes on a write screen, said up front (issue 38 item 3, decision 202):
// one sentence from lib/raffle-allows.ts, the same decision the server's routes take.
import { Lock } from "lucide-react";
import { raffleAllows, raffleNotice, type RaffleWrite } from "@/lib/raffle-allows";
import { useRaffleStatus } from "@/lib/queries/draw";

/** Null while the state loads or when `write` is allowed; else the sentence saying what is closed and why. */
export function useRaffleRefusal(write: RaffleWrite): string | null {
  const status = useRaffleStatus();
  return status.data ? raffleAllows(status.data).refusals[write] : null;
}

export function RaffleStateNotice({ writes, className = "" }: { writes: readonly RaffleWrite[]; className?: string }) {
  const status = useRaffleStatus();
  const notice = status.data ? raffleNotice(status.data, writes) : null;
  if (!notice) return null;
  return (
    <p
      role="note"
      data-testid="raffle-state-notice"
      className={
        `flex items-start gap-2 rounded-md border border-amber-500/50 bg-amber-50 p-3 ` +
        `text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100 ${className}`
      }
    >
      <Lock aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span className="min-w-0">{notice}</span>
    </p>
  );
}
