"use client";

// Presentation mode's dialog (issue 23, docs/decisions/128): the drawn sequence shown full-screen to the
// audience one position at a time, masked names only (a projector is public). Each reveal is
// announced to screen readers; motion only for those who have not asked the system to reduce it.
// It opens by showing that the revealed server seed hashes to the published commitment, computed
// here in the browser.
import { useEffect, useState } from "react";
import { ChevronRight, RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import type { AdminDraw } from "@/lib/schemas/draw";

async function commitOf(serverSeed: string): Promise<string> {
  const digest = await crypto.subtle.digest(
    "SHA-256",
    new TextEncoder().encode(`raffle-draw-v1/commit\n${serverSeed}`),
  );
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

function useCommitCheck(draw: AdminDraw, open: boolean) {
  const [result, setResult] = useState<"checking" | "match" | "mismatch">("checking");
  useEffect(() => {
    if (!open || !draw.serverSeed) return;
    let live = true;
    commitOf(draw.serverSeed).then(
      (hash) => live && setResult(hash === draw.commitHash ? "match" : "mismatch"),
      () => live && setResult("mismatch"),
    );
    return () => {
      live = false;
    };
  }, [open, draw.serverSeed, draw.commitHash]);
  return result;
}

/**
 * The presentation itself (loaded when Presentation mode is first opened, decision 179). `shown`
 * (how many positions are revealed) is kept by the opener, which starts each presentation at 0.
 */
export function PresentationDialog({
  draw,
  open,
  onOpenChange,
  shown,
  onShownChange,
}: {
  draw: AdminDraw;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  shown: number;
  onShownChange: (shown: number) => void;
}) {
  const sequence = draw.sequence ?? [];
  const prizeName = new Map(draw.prizes.map((p) => [p.rank, p.name]));
  const commitCheck = useCommitCheck(draw, open);
  const backupNumber = (i: number) =>
    sequence.slice(0, i + 1).filter((s) => s.prizeRank === sequence[i].prizeRank && s.role === "backup").length;
  const label = (i: number) => {
    const s = sequence[i];
    const role = s.role === "winner" ? "winner" : `backup ${backupNumber(i)}`;
    return `Position ${s.position}: ${prizeName.get(s.prizeRank) ?? `prize ${s.prizeRank}`}, ${role}`;
  };
  const latest = shown > 0 ? sequence[shown - 1] : null;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className={
          "top-[50%] flex h-dvh max-h-dvh w-screen max-w-none flex-col gap-6 overflow-y-auto " +
          "rounded-none p-6 sm:max-w-none sm:p-10 motion-reduce:animate-none"
        }
      >
        <div>
          <DialogTitle className="text-2xl sm:text-3xl">Draw {draw.number}: the winners</DialogTitle>
          <DialogDescription className="mt-2 text-base">
            {commitCheck === "match"
              ? "The revealed server seed matches the commitment published " +
                "before the draw (SHA-256, checked in this browser)."
              : commitCheck === "mismatch"
                ? "Warning: the revealed server seed does NOT match the published commitment."
                : "Checking the revealed server seed against the commitment…"}
          </DialogDescription>
        </div>
        <div className="flex flex-1 flex-col items-center justify-center gap-4 text-center">
          {latest ? (
            <div
              key={latest.position}
              className={
                "space-y-3 motion-safe:animate-in motion-safe:fade-in-0 " +
                "motion-safe:zoom-in-95 motion-safe:duration-500"
              }
            >
              <p className="text-xl font-medium sm:text-3xl">{label(shown - 1)}</p>
              <p className="font-mono text-4xl font-bold tracking-wide break-all sm:text-7xl">{latest.controlNumber}</p>
              <p className="text-2xl sm:text-4xl">{latest.maskedName ?? "—"}</p>
            </div>
          ) : (
            <p className="text-2xl sm:text-4xl">{sequence.length} positions to reveal</p>
          )}
          {/* The announcement: what was just revealed, read out once. */}
          <p className="sr-only" role="status" aria-live="assertive" aria-atomic="true">
            {latest ? `${label(shown - 1)}: ticket ${latest.controlNumber}, ${latest.maskedName ?? "no name"}` : ""}
          </p>
        </div>
        {shown > 1 && (
          <ol className="mx-auto grid w-full max-w-3xl gap-1 text-base sm:text-lg" aria-label="Revealed so far">
            {sequence.slice(0, shown - 1).map((s, i) => (
              <li key={s.position} className="flex flex-wrap justify-between gap-x-4 border-b py-1">
                <span>{label(i)}</span>
                <span className="font-mono">{s.controlNumber}</span>
              </li>
            ))}
          </ol>
        )}
        <div className="flex flex-wrap justify-center gap-3">
          {shown < sequence.length ? (
            <Button size="lg" autoFocus onClick={() => onShownChange(Math.min(shown + 1, sequence.length))}>
              <ChevronRight />
              {shown === 0 ? "Reveal the first position" : "Reveal the next position"}
            </Button>
          ) : (
            <p className="text-lg font-medium">Every position is revealed.</p>
          )}
          <Button size="lg" variant="outline" onClick={() => onShownChange(0)} disabled={shown === 0}>
            <RotateCcw />
            Start again
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
