"use client";

// The Draw page (issue 23, administrators): Close sales → Commit → Draw day → Confirm winners →
// Publish, each step's card shown when the raffle's state allows it, the prize table, and the
// public proof's address once a draw is committed.
import { CloseSalesCard } from "@/components/draw/close-sales-card";
import { CommitCard } from "@/components/draw/commit-card";
import { DrumCard } from "@/components/draw/drum-card";
import { PrizesCard } from "@/components/draw/prizes-card";
import { RevealCard } from "@/components/draw/reveal-card";
import { WinnersCard } from "@/components/draw/winners-card";
import { WinnersListCard } from "@/components/draw/winners-list-card";
import { PublicUrlWarning } from "@/components/public-url/public-url-warning";
import { FileText } from "lucide-react";
import { Button } from "@/components/ui/button";
import { drawFilePaths } from "@/lib/api/draw";
import { errorMessage } from "@/lib/api-client";
import { PageHeader } from "@/components/dashboard/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { RAFFLE_STATUS_LABELS, type RaffleStatus } from "@/lib/draw";
import { useDraw, usePrizes, usePublicUrl, useRaffleState } from "@/lib/queries/draw";

const STEPS: { label: string; done: RaffleStatus[]; current: RaffleStatus[] }[] = [
  { label: "Close sales", current: ["selling"], done: ["sales_closed", "committed", "drawn", "published", "closed"] },
  { label: "Commit", current: ["sales_closed"], done: ["committed", "drawn", "published", "closed"] },
  { label: "Draw day", current: ["committed"], done: ["drawn", "published", "closed"] },
  { label: "Confirm winners", current: ["drawn"], done: ["published", "closed"] },
  { label: "Publish", current: [], done: ["published", "closed"] },
];

export function DrawScreen() {
  const state = useRaffleState();
  const prizes = usePrizes();
  const draw = useDraw(state.data?.currentDrawId ?? null);
  const publicUrl = usePublicUrl();

  if (!state.data || !prizes.data) {
    // A failed load says so; it used to leave the skeleton up for good.
    const failure = state.error ?? prizes.error;
    return (
      <div className="space-y-4">
        <PageHeader title="Draw" description="Prizes, a draw anyone can re-check, winners with backups, publication." />
        {failure ? (
          <p role="alert">{errorMessage(failure, "Failed to load the draw")}</p>
        ) : (
          <Skeleton className="h-40 w-full" label="Loading the draw" />
        )}
      </div>
    );
  }
  const status = state.data.status;
  const current = draw.data;
  const prizeName = new Map(prizes.data.map((p) => [p.rank, p.name]));
  const exhausted = current?.exhaustedPrizes.map((rank) => prizeName.get(rank) ?? `prize ${rank}`) ?? [];

  return (
    <div className="space-y-6">
      <PageHeader title="Draw" description="Prizes, a draw anyone can re-check, winners with backups, publication." />
      <nav aria-label="Draw steps">
        <ol className="flex flex-wrap gap-2">
          {STEPS.map((step, i) => {
            const isCurrent = step.current.includes(status);
            const isDone = step.done.includes(status);
            return (
              <li
                key={step.label}
                aria-current={isCurrent ? "step" : undefined}
                className={
                  "rounded-full border px-3 py-1 text-sm " +
                  (isCurrent
                    ? "border-primary bg-primary text-primary-foreground font-semibold"
                    : isDone
                      ? "border-primary"
                      : "text-muted-foreground")
                }
              >
                {i + 1}. {step.label}
                {isDone ? " (done)" : ""}
              </li>
            );
          })}
        </ol>
        <p className="mt-2 text-sm" role="status">
          The raffle is: <strong>{RAFFLE_STATUS_LABELS[status]}</strong>
        </p>
      </nav>

      <PrizesCard prizes={prizes.data} editable={status === "selling" || status === "sales_closed"} />
      {status === "selling" && <CloseSalesCard checklist={state.data.checklist} />}
      {(status === "sales_closed" || (status === "drawn" && exhausted.length > 0)) && (
        <CommitCard exhausted={status === "drawn" ? exhausted : []} />
      )}
      {current && (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2>Draw {current.number}: commitment</h2>
            </CardTitle>
            <CardDescription>
              Public proof:{" "}
              <a
                className="break-all underline"
                href={`/draw/${current.id}`}
              >{`${publicUrl.data?.url ?? ""}/draw/${current.id}`}</a>
            </CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
              <dt className="text-muted-foreground">Tickets in the pool</dt>
              <dd>{current.poolCount.toLocaleString("en-US")}</dd>
              <dt className="text-muted-foreground">Pool hash</dt>
              <dd className="font-mono break-all">{current.poolHash}</dd>
              <dt className="text-muted-foreground">Commit hash</dt>
              <dd className="font-mono break-all">{current.commitHash}</dd>
              <dt className="text-muted-foreground">Outside value</dt>
              <dd>{current.sourceText}</dd>
            </dl>
            <div className="mt-4">
              <PublicUrlWarning view={publicUrl.data} />
            </div>
            <Button asChild variant="outline" size="sm" className="mt-4">
              <a href={drawFilePaths.commitmentPdf(current.id)} target="_blank" rel="noopener">
                <FileText />
                Commitment Notice (PDF)
              </a>
            </Button>
          </CardContent>
        </Card>
      )}
      {current && !current.revealedAt && status === "committed" && current.mode === "rng" && (
        <RevealCard drawId={current.id} sourceType={current.source.type} sourceText={current.sourceText} />
      )}
      {current && !current.revealedAt && status === "committed" && current.drum && <DrumCard draw={current} />}
      {current?.revealedAt && <WinnersCard draw={current} canPublish={status === "drawn" && exhausted.length === 0} />}
      {(status === "published" || status === "closed") && <WinnersListCard />}
    </div>
  );
}
