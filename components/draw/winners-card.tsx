"use client";

// Confirm winners and publish (docs/decisions/107): the drawn sequence with each position's state,
// the actions its state allows, the effective winner of each prize, and Publish.
import { useState } from "react";
import { FileJson, FileText, Megaphone } from "lucide-react";
import { LazyPositionDialog } from "@/components/draw/lazy-dialogs";
import { useConfirmStep } from "@/components/draw/use-confirm-step";
import type { PositionTarget } from "@/components/draw/position-dialog";
import { PresentationMode } from "@/components/draw/presentation-mode";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/sonner";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { errorMessage } from "@/lib/api-client";
import { drawFilePaths } from "@/lib/api/draw";
import { WINNER_STATE_LABELS, runExhaustedMessage, type PositionAction } from "@/lib/draw";
import { usePositionAction, usePublicUrl, usePublishDraw } from "@/lib/queries/draw";
import type { AdminDraw, EvidenceFile } from "@/lib/schemas/draw";

export function WinnersCard({ draw, canPublish }: { draw: AdminDraw; canPublish: boolean }) {
  const action = usePositionAction();
  const publish = usePublishDraw();
  const publicUrl = usePublicUrl();
  const confirmPublish = useConfirmStep<string>(
    {
      title: "Publish the winners?",
      consequence:
        "The winners' masked names, the certificate and the pool go on the public proof page, and buyers' " +
        "verify pages say whether their ticket won. A draw is published once; it cannot be taken back.",
      confirmLabel: "Publish winners",
      publicUrl: publicUrl.data,
    },
    (drawId) =>
      publish.mutate(drawId, {
        onSuccess: () => toast.success("Winners published"),
        onError: (error) => toast.error(errorMessage(error, "Failed to publish")),
      }),
  );
  const [dialog, setDialog] = useState<PositionTarget | null>(null);
  const dialogMounted = useOpenedOnce(dialog !== null);
  const effective = new Set(draw.effectiveWinners.map((w) => w.position));
  const prizeName = new Map(draw.prizes.map((p) => [p.rank, p.name]));
  const evidenceOf = new Map<number, EvidenceFile[]>();
  for (const e of draw.events)
    if (e.evidence.length) evidenceOf.set(e.position, [...(evidenceOf.get(e.position) ?? []), ...e.evidence]);

  type Position = NonNullable<AdminDraw["positionsDetail"]>[number];
  /** A position's state, whether it is the prize's current winner, and its evidence files. */
  const stateOf = (p: Position) => (
    <>
      {/* Out positions: red-700 under white text (the shared destructive red is out of sRGB and fails contrast
          in Chromium). */}
      <Badge
        variant={
          p.state === "disqualified" || p.state === "forfeited"
            ? "destructive"
            : effective.has(p.position)
              ? "default"
              : "secondary"
        }
        className={p.state === "disqualified" || p.state === "forfeited" ? "bg-red-700 dark:bg-red-800" : undefined}
      >
        {WINNER_STATE_LABELS[p.state]}
      </Badge>
      {effective.has(p.position) && <span className="ml-2 text-sm font-medium">Current winner</span>}
      {(evidenceOf.get(p.position) ?? []).map((file) =>
        file.removed ? (
          <span key={file.id} className="mt-1 block text-sm text-muted-foreground">
            Evidence removed with the buyers&apos; personal data (kept in the archive, SHA-256{" "}
            {file.sha256.slice(0, 12)}…)
          </span>
        ) : (
          <a
            key={file.id}
            className="mt-1 block text-sm underline"
            href={drawFilePaths.evidence(draw.id, file.id)}
            download
          >
            Evidence: {file.fileName}
          </a>
        ),
      )}
    </>
  );
  /** What a position's state allows. */
  const actionsOf = (p: Position) => (
    <div className="flex flex-wrap gap-1">
      {effective.has(p.position) && p.state === "drawn" && (
        <Button size="sm" variant="outline" onClick={() => run(p.position, "notify", "notified")}>
          Notify
        </Button>
      )}
      {effective.has(p.position) && p.state === "notified" && (
        <>
          <Button size="sm" variant="outline" onClick={() => run(p.position, "claim", "claimed")}>
            Claimed
          </Button>
          <Button size="sm" variant="outline" onClick={() => run(p.position, "forfeit", "forfeited")}>
            Forfeit
          </Button>
        </>
      )}
      {(
        [
          ["disqualify", "Disqualify", p.state === "drawn" || p.state === "notified"],
          ["reinstate", "Reinstate", p.state === "disqualified" || p.state === "forfeited"],
        ] as const
      ).map(
        ([action, label, shown]) =>
          shown && (
            <Button
              key={action}
              size="sm"
              variant="ghost"
              onClick={() =>
                setDialog({ drawId: draw.id, position: p.position, controlNumber: p.controlNumber, action })
              }
              aria-haspopup="dialog"
            >
              {label}
            </Button>
          ),
      )}
    </div>
  );

  const positions = draw.positionsDetail ?? [];
  const run = (position: number, which: PositionAction, label: string) =>
    action.mutate(
      { drawId: draw.id, position, action: which, body: {} },
      {
        onSuccess: () => toast.success(`Position ${position} ${label}`),
        onError: (error) => toast.error(errorMessage(error, "Failed")),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Draw {draw.number}: winners</h2>
        </CardTitle>
        <CardDescription>
          Outside value <code className="break-all">{draw.outsideValue}</code>. Disqualifying a winner promotes the next
          backup; nothing is drawn again.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap gap-2">
          <PresentationMode draw={draw} />
          <Button asChild variant="outline">
            <a href={drawFilePaths.certificatePdf(draw.id)} target="_blank" rel="noopener">
              <FileText />
              Minutes of the Draw (PDF)
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={drawFilePaths.certificateJson(draw.id)} download>
              <FileJson />
              certificate.json
            </a>
          </Button>
        </div>
        {draw.exhaustedPrizes.map((rank) => (
          <p key={rank} role="alert" className="rounded-md border border-destructive p-3 font-medium">
            {runExhaustedMessage(prizeName.get(rank) ?? `prize ${rank}`)}: its winner and every backup are out.
          </p>
        ))}
        {/* A table from 1024 px; below it one card per position with the same facts and buttons, so a
            phone never scrolls sideways (decision 243). */}
        <div className="hidden lg:block">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead scope="col">#</TableHead>
                <TableHead scope="col">Prize</TableHead>
                <TableHead scope="col">Control number</TableHead>
                <TableHead scope="col">Buyer</TableHead>
                <TableHead scope="col">State</TableHead>
                <TableHead scope="col">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {positions.map((p) => (
                <TableRow key={p.position}>
                  <TableCell>{p.position}</TableCell>
                  <TableCell className="whitespace-normal">
                    {prizeName.get(p.prizeRank)}{" "}
                    <span className="text-muted-foreground">({p.role === "winner" ? "winner" : "backup"})</span>
                  </TableCell>
                  <TableCell className="font-mono whitespace-nowrap">{p.controlNumber}</TableCell>
                  <TableCell className="whitespace-normal">{p.buyerName ?? "—"}</TableCell>
                  <TableCell className="whitespace-normal">{stateOf(p)}</TableCell>
                  <TableCell>{actionsOf(p)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
        <ol className="space-y-3 lg:hidden" aria-label={`Draw ${draw.number} sequence`}>
          {positions.map((p) => (
            <li key={p.position} className="rounded-lg border p-3 text-sm">
              <p className="font-medium">
                {p.position}. {prizeName.get(p.prizeRank)}{" "}
                <span className="font-normal text-muted-foreground">({p.role === "winner" ? "winner" : "backup"})</span>
              </p>
              <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                <dt className="text-muted-foreground">Control number</dt>
                <dd className="font-mono break-all">{p.controlNumber}</dd>
                <dt className="text-muted-foreground">Buyer</dt>
                <dd className="break-words">{p.buyerName ?? "—"}</dd>
                <dt className="text-muted-foreground">State</dt>
                <dd className="break-words">{stateOf(p)}</dd>
              </dl>
              {p.state !== "claimed" && <div className="mt-2 border-t pt-2">{actionsOf(p)}</div>}
            </li>
          ))}
        </ol>
        {canPublish && (
          <Button disabled={publish.isPending} onClick={() => confirmPublish.ask(draw.id)}>
            <Megaphone />
            Publish winners
          </Button>
        )}
        {confirmPublish.dialog}
        {dialogMounted && <LazyPositionDialog target={dialog} onClose={() => setDialog(null)} />}
      </CardContent>
    </Card>
  );
}
