"use client";

// The print log (issue 22; docs/decisions/102): every stub PDF, newest first — who printed which
// numbers, how, how many were reprints, and the SHA-256 of the exact file sent (none when the
// download did not finish).
import { Link } from "@/components/ui/link";
import { ArrowLeft } from "lucide-react";
import { PageHeader } from "@/components/dashboard/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { formatCount, formatDateTime } from "@/lib/format";
import { useRaffleTimezone } from "@/lib/queries/settings";
import { usePrintJobs } from "@/lib/queries/stubs";
import { LAYOUT_LABELS, ORDER_LABELS } from "@/lib/stubs/stub-layout";
import { QueryState } from "@/components/page-state/query-state";

const five = (n: number) => String(n).padStart(5, "0");

export function PrintLogScreen() {
  const query = usePrintJobs();
  const timeZone = useRaffleTimezone();
  const jobs = query.data?.jobs ?? [];
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader title="Print Log" description="Every printed batch of ticket stubs, newest first." />
        <Button variant="outline" asChild>
          <Link href="/dashboard/tickets">
            <ArrowLeft />
            Tickets
          </Link>
        </Button>
      </div>
      <Card className="gap-4">
        <CardHeader>
          <CardTitle>Stub prints</CardTitle>
          <CardDescription aria-live="polite">
            {query.isPending ? "Loading…" : `${formatCount(jobs.length)} print${jobs.length === 1 ? "" : "s"}`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState
            query={query}
            loadingLabel="Loading the print log"
            errorFallback="Failed to load the print log"
            rowClassName="h-8 w-full"
            isEmpty={jobs.length === 0}
            empty="No stubs printed yet. Use Print stubs on Tickets Management."
            emptyClassName="text-sm text-muted-foreground"
          >
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>Printed</TableHead>
                  <TableHead>By</TableHead>
                  <TableHead>Numbers</TableHead>
                  <TableHead className="text-right">Tickets</TableHead>
                  <TableHead className="text-right">Reprints</TableHead>
                  <TableHead>Layout</TableHead>
                  <TableHead>SHA-256</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {jobs.map((job) => (
                  <TableRow key={job.id}>
                    <TableCell className="whitespace-nowrap">{formatDateTime(job.createdAt, timeZone)}</TableCell>
                    <TableCell className="break-all">{job.requestedBy ?? "Unknown"}</TableCell>
                    <TableCell className="font-mono whitespace-nowrap">
                      {job.from === job.to ? five(job.from) : `${five(job.from)}–${five(job.to)}`}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">{formatCount(job.ticketCount)}</TableCell>
                    <TableCell className="text-right tabular-nums">{formatCount(job.reprintCount)}</TableCell>
                    <TableCell className="whitespace-nowrap">
                      {job.paper === "letter" ? "Letter" : "A4"}, {LAYOUT_LABELS[job.layout]},{" "}
                      {ORDER_LABELS[job.order].toLowerCase()}
                      {job.calibration ? ", calibration" : ""}
                    </TableCell>
                    <TableCell className="font-mono text-xs">
                      {job.sha256 ? (
                        <span title={job.sha256}>{job.sha256.slice(0, 16)}…</span>
                      ) : (
                        <span className="text-muted-foreground">not sent whole</span>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </QueryState>
        </CardContent>
      </Card>
    </div>
  );
}
