"use client";

// The Voided numbers report (issue 19; docs/decisions/051): every voided ticket, newest void first
// (number, reason in words, note, who, when, whether it had been sold), paged by the server, with
// the same list as CSV. Each row can be unvoided by an administrator.
import { useState, type ReactNode } from "react";
import { Link } from "@/components/ui/link";
import { ArrowLeft, Download, RotateCcw } from "lucide-react";
import { PageHeader } from "@/components/dashboard/page-header";
import { RaffleStateNotice } from "@/components/raffle-state/raffle-state-notice";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { LazyUnvoidTicketDialog } from "@/components/tickets/lazy-dialogs";
import { VOIDED_EXPORT_PATH } from "@/lib/api/voids";
import { formatCount, formatDateTime } from "@/lib/format";
import { useRaffleTimezone } from "@/lib/queries/settings";
import { VOIDED_PAGE_SIZE, useVoidedTickets } from "@/lib/queries/voids";
import type { VoidedTicket } from "@/lib/schemas/void";
import { QueryState } from "@/components/page-state/query-state";

export function VoidedNumbersScreen() {
  const [page, setPage] = useState(0);
  const query = useVoidedTickets(page);
  const timeZone = useRaffleTimezone();
  const [toUnvoid, setToUnvoid] = useState<VoidedTicket | null>(null);
  // The dialog's code loads when it is first opened (decision 178).
  const unvoidMounted = useOpenedOnce(!!toUnvoid);
  const rows = query.data?.voided ?? [];
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / VOIDED_PAGE_SIZE));

  const unvoidButton = (t: VoidedTicket) => (
    <Button
      variant="ghost"
      size="sm"
      onClick={() => setToUnvoid(t)}
      aria-label={`Unvoid ${t.control_number}`}
      aria-haspopup="dialog"
    >
      <RotateCcw />
      Unvoid
    </Button>
  );

  // A fixed list of columns over one server page: a plain table, without TanStack Table's row
  // models in the first load (decision 179).
  const columns: { key: string; header: ReactNode; cell: (ticket: VoidedTicket) => ReactNode }[] = [
    // Eight facts in five columns, so the table fits beside the sidebar at 1280 px (issue 38 item 8):
    // the number under its control number, the note under its reason, who under when.
    {
      key: "ticket",
      header: "Ticket",
      cell: (t) => (
        <span className="block">
          <span className="block font-mono whitespace-nowrap">{t.control_number}</span>
          <span className="block text-xs text-muted-foreground">No. {t.last_5_digits}</span>
        </span>
      ),
    },
    {
      key: "reason",
      header: "Reason and Note",
      cell: (t) => (
        // Cells do not wrap by default: the note must, or a long one widens the table past the page.
        <span className="block min-w-40 whitespace-normal">
          <span className="block">{t.reason_text}</span>
          <span className="block break-words text-xs text-muted-foreground">{t.note || "—"}</span>
        </span>
      ),
    },
    {
      key: "at",
      header: "Voided",
      cell: (t) => (
        <span className="block">
          <span className="block whitespace-nowrap">{formatDateTime(t.voided_at, timeZone)}</span>
          <span className="block break-all whitespace-normal text-xs text-muted-foreground">
            by {t.voided_by ?? "Unknown"}
          </span>
        </span>
      ),
    },
    {
      key: "sold",
      header: "Was Sold",
      cell: (t) =>
        t.was_sold ? <Badge variant="secondary">Sold</Badge> : <span className="text-muted-foreground">No</span>,
    },
    {
      key: "actions",
      header: <span className="sr-only">Actions</span>,
      cell: (t) => unvoidButton(t),
    },
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader
          title="Voided Numbers"
          description={
            "Tickets taken out of the raffle. Each keeps its number; " + "none is in the draw or the sales figures."
          }
        />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <Link href="/dashboard/tickets">
              <ArrowLeft />
              Tickets
            </Link>
          </Button>
          <Button variant="outline" asChild>
            <a href={VOIDED_EXPORT_PATH} download>
              <Download />
              Export CSV
            </a>
          </Button>
        </div>
      </div>
      <RaffleStateNotice writes={["changeTickets"]} />
      <Card className="gap-4">
        <CardHeader>
          <CardTitle>Voided tickets</CardTitle>
          <CardDescription aria-live="polite">
            {query.isPending ? "Loading…" : `${formatCount(total)} voided ticket${total === 1 ? "" : "s"}`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <QueryState
            query={query}
            loadingLabel="Loading the voided numbers"
            errorFallback="Failed to load the voided numbers"
            isEmpty={rows.length === 0}
            empty="No voided tickets"
          >
            {/* A table from 1024 px (it fits beside the sidebar at 1280); below it one card per void with
                the same facts and its Unvoid button, so a phone never scrolls sideways (decision 243). */}
            <div className="hidden lg:block" data-testid="voided-table">
              <Table>
                <TableHeader>
                  <TableRow>
                    {columns.map((column) => (
                      <TableHead key={column.key} scope="col">
                        {column.header}
                      </TableHead>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((ticket) => (
                    <TableRow
                      key={`${ticket.ticket_id}:${ticket.voided_at}`}
                      data-testid="voided-row"
                      data-control-number={ticket.control_number}
                    >
                      {columns.map((column) => (
                        <TableCell key={column.key}>{column.cell(ticket)}</TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <ul className="space-y-3 lg:hidden" aria-label="Voided tickets" data-testid="voided-cards">
              {rows.map((t) => (
                <li
                  key={`${t.ticket_id}:${t.voided_at}`}
                  className="rounded-lg border p-3 text-sm"
                  data-testid="voided-card"
                  data-control-number={t.control_number}
                >
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-mono font-medium break-all">{t.control_number}</p>
                      <p className="text-xs text-muted-foreground">No. {t.last_5_digits}</p>
                    </div>
                    {t.was_sold ? (
                      <Badge variant="secondary">Was sold</Badge>
                    ) : (
                      <Badge variant="outline">Never sold</Badge>
                    )}
                  </div>
                  <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5">
                    <dt className="text-muted-foreground">Reason</dt>
                    <dd className="break-words">{t.reason_text}</dd>
                    <dt className="text-muted-foreground">Note</dt>
                    <dd className="break-words">{t.note || "—"}</dd>
                    <dt className="text-muted-foreground">Voided</dt>
                    <dd>{formatDateTime(t.voided_at, timeZone)}</dd>
                    <dt className="text-muted-foreground">By</dt>
                    <dd className="break-all">{t.voided_by ?? "Unknown"}</dd>
                  </dl>
                  <div className="mt-2 border-t pt-2">{unvoidButton(t)}</div>
                </li>
              ))}
            </ul>
          </QueryState>
          {pages > 1 && (
            <nav className="mt-4 flex items-center justify-between gap-2" aria-label="Voided tickets pages">
              <Button
                variant="outline"
                size="sm"
                onClick={() => setPage((p) => Math.max(0, p - 1))}
                disabled={page === 0}
              >
                Previous
              </Button>
              <span className="text-sm text-muted-foreground">
                Page {page + 1} of {pages}
              </span>
              <Button
                variant="outline"
                size="sm"
                onClick={() => setPage((p) => Math.min(pages - 1, p + 1))}
                disabled={page >= pages - 1}
              >
                Next
              </Button>
            </nav>
          )}
        </CardContent>
      </Card>
      {unvoidMounted && (
        <LazyUnvoidTicketDialog
          ticket={
            toUnvoid
              ? { id: toUnvoid.ticket_id, control_number: toUnvoid.control_number, void_reason: toUnvoid.reason }
              : null
          }
          onOpenChange={(open) => !open && setToUnvoid(null)}
        />
      )}
    </div>
  );
}
