"use client";

// The winners lists (docs/decisions/125): each prize's effective winner with full name and
// address for the permit office (CSV and JSON), the public list with masked names, and the
// Voided numbers report, once the winners are published.
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { drawFilePaths } from "@/lib/api/draw";
import { VOIDED_EXPORT_PATH } from "@/lib/api/voids";
import { WINNER_STATE_LABELS } from "@/lib/draw";
import { formatPeso } from "@/lib/format";
import { useWinnersList } from "@/lib/queries/draw";

const DOWNLOADS = [
  { href: drawFilePaths.winnersCsv, label: "Permit office list (CSV)" },
  { href: drawFilePaths.winnersJson, label: "Permit office list (JSON)" },
  { href: drawFilePaths.publicWinnersCsv, label: "Public list (CSV)" },
  { href: VOIDED_EXPORT_PATH, label: "Voided numbers report (CSV)" },
];

export function WinnersListCard() {
  const winners = useWinnersList(true);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Winners list</h2>
        </CardTitle>
        <CardDescription>
          For the permit office: each prize&apos;s winner with full name and address. The public list shows masked names
          only.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {!winners.data ? (
          <Skeleton className="h-24 w-full" label="Loading the winners" />
        ) : (
          <>
            {/* A table from 1024 px; below it one card per prize, so a phone never scrolls sideways (decision 243). */}
            <Table className="hidden lg:table">
              <caption className="sr-only">Winners for the permit office</caption>
              <TableHeader>
                <TableRow>
                  <TableHead scope="col">Prize</TableHead>
                  <TableHead scope="col">Value</TableHead>
                  <TableHead scope="col">Control number</TableHead>
                  <TableHead scope="col">Full name</TableHead>
                  <TableHead scope="col">Address</TableHead>
                  <TableHead scope="col">State</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {winners.data.map((w) => (
                  <TableRow key={w.prizeRank}>
                    <TableCell className="whitespace-normal">{w.prizeName}</TableCell>
                    <TableCell className="whitespace-nowrap">{formatPeso(w.valuePhp)}</TableCell>
                    <TableCell className="font-mono whitespace-nowrap">{w.controlNumber ?? "—"}</TableCell>
                    <TableCell className="whitespace-normal">{w.buyerName ?? "—"}</TableCell>
                    <TableCell className="min-w-40 whitespace-normal">{w.address ?? "—"}</TableCell>
                    <TableCell>{w.state ? WINNER_STATE_LABELS[w.state] : "—"}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <ol className="space-y-3 lg:hidden" aria-label="Winners for the permit office">
              {winners.data.map((w) => (
                <li key={w.prizeRank} className="rounded-lg border p-3 text-sm">
                  <div className="flex items-baseline justify-between gap-2">
                    <p className="font-medium break-words">{w.prizeName}</p>
                    <p className="whitespace-nowrap tabular-nums">{formatPeso(w.valuePhp)}</p>
                  </div>
                  <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                    <dt className="text-muted-foreground">Control number</dt>
                    <dd className="font-mono break-all">{w.controlNumber ?? "—"}</dd>
                    <dt className="text-muted-foreground">Full name</dt>
                    <dd className="break-words">{w.buyerName ?? "—"}</dd>
                    <dt className="text-muted-foreground">Address</dt>
                    <dd className="break-words">{w.address ?? "—"}</dd>
                    <dt className="text-muted-foreground">State</dt>
                    <dd>{w.state ? WINNER_STATE_LABELS[w.state] : "—"}</dd>
                  </dl>
                </li>
              ))}
            </ol>
          </>
        )}
        <ul className="flex flex-wrap gap-2">
          {DOWNLOADS.map((d) => (
            <li key={d.href}>
              <Button asChild variant="outline" size="sm">
                <a href={d.href} download>
                  <Download />
                  {d.label}
                </a>
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
