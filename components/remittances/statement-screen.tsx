"use client";

// A seller's statement (issue 20): what they hold (as ranges of numbers), sold, owe, their receipts
// (void ones marked) and adjustments. A seller sees their own, from the sidebar; an administrator
// opens anyone's from the Remittances screen (?seller=) and can record, void, adjust and take back
// stubs from here. The server decides who may read what (403 for another's).
import { useState } from "react";
import { Link } from "@/components/ui/link";
import { urlString } from "@/lib/url-state";
import { useUrlParam } from "@/lib/use-url-state";
import { ArrowLeft, Ban, Banknote, PackagePlus, Printer, Scale, Undo2 } from "lucide-react";
import { PageHeader } from "@/components/dashboard/page-header";
import {
  LazyAdjustBalanceDialog,
  LazyAllocateStubsDialog,
  LazyRecordRemittanceDialog,
  LazyReturnStubsDialog,
  LazyVoidRemittanceDialog,
} from "@/components/remittances/lazy-dialogs";
import type { VoidTarget } from "@/components/remittances/void-remittance-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { errorMessage } from "@/lib/api-client";
import { remittancePdfPaths } from "@/lib/api/remittances";
import { formatCount, formatDateTime, paymentMethodLabel } from "@/lib/format";
import { formatAmount } from "@/lib/money";
import { useStatement } from "@/lib/queries/remittances";
import { useRaffleTimezone } from "@/lib/queries/settings";
import type { SellerStatement } from "@/lib/schemas/remittance";
import { formatTicketNumber } from "@/lib/ticket-number";

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId?: string }) {
  return (
    <div className="min-w-0 rounded-lg border p-3 sm:p-4">
      <div className="text-sm text-muted-foreground">{label}</div>
      <div className="text-xl font-bold tabular-nums break-words sm:text-2xl" data-testid={testId}>
        {value}
      </div>
      {hint && <div className="text-xs text-muted-foreground">{hint}</div>}
    </div>
  );
}

const ranges = (runs: [number, number][]) =>
  runs
    .map(([a, b]) => (a === b ? formatTicketNumber(a) : `${formatTicketNumber(a)}–${formatTicketNumber(b)}`))
    .join(", ");

export function StatementScreen({ isAdmin, userId }: { isAdmin: boolean; userId: string }) {
  const [sellerParam] = useUrlParam("seller", urlString);
  const sellerId = isAdmin && sellerParam && sellerParam !== userId ? sellerParam : undefined;
  const query = useStatement(sellerId);
  const timeZone = useRaffleTimezone();
  const [recordOpen, setRecordOpen] = useState(false);
  const [allocateOpen, setAllocateOpen] = useState(false);
  const [toVoid, setToVoid] = useState<VoidTarget | null>(null);
  const [adjustFor, setAdjustFor] = useState<SellerStatement | null>(null);
  const [returnFrom, setReturnFrom] = useState<SellerStatement | null>(null);
  const mounted = {
    record: useOpenedOnce(recordOpen),
    allocate: useOpenedOnce(allocateOpen),
    void: useOpenedOnce(!!toVoid),
    adjust: useOpenedOnce(!!adjustFor),
    return: useOpenedOnce(!!returnFrom),
  };
  const s = query.data;
  const title = sellerId ? `Statement: ${s?.name ?? "…"}` : "My Statement";

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader
          title={title}
          description="Stubs held, tickets sold, cash owed and the receipts for cash handed over."
        />
        {isAdmin && s && (
          <div className="flex flex-wrap gap-2">
            {sellerId && (
              <Button variant="outline" asChild>
                <Link href="/dashboard/remittances">
                  <ArrowLeft />
                  Remittances
                </Link>
              </Button>
            )}
            <Button variant="outline" asChild>
              <a href={remittancePdfPaths.report(s.sellerId)} target="_blank" rel="noopener">
                <Printer />
                Report PDF
              </a>
            </Button>
            <Button variant="outline" onClick={() => setAllocateOpen(true)}>
              <PackagePlus />
              Hand Out Stubs
            </Button>
            <Button variant="outline" onClick={() => setReturnFrom(s)}>
              <Undo2 />
              Take Back Stubs
            </Button>
            <Button variant="outline" onClick={() => setAdjustFor(s)}>
              <Scale />
              Adjust
            </Button>
            <Button onClick={() => setRecordOpen(true)}>
              <Banknote />
              Record Remittance
            </Button>
          </div>
        )}
      </div>
      {query.isPending ? (
        <div
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
          role="status"
          aria-busy="true"
          aria-label="Loading the statement"
        >
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24" />
          ))}
        </div>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(query.error, "Failed to load the statement")}
        </p>
      ) : s ? (
        <>
          <section aria-label="Figures" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            <Figure
              label="Stubs held"
              value={formatCount(s.allocated)}
              hint={`${formatCount(s.returned)} returned`}
              testId="statement-allocated"
            />
            <Figure label="Sold" value={formatCount(s.sold)} testId="statement-sold" />
            <Figure
              label="Outstanding stubs"
              value={formatCount(s.outstandingStubs)}
              hint={`worth ${formatAmount(s.outstandingValue)}`}
              testId="statement-outstanding"
            />
            <Figure
              label="Balance owed"
              value={formatAmount(s.balance)}
              hint="cash collected − remitted − adjustments"
              testId="statement-balance"
            />
            <Figure label="Cash collected" value={formatAmount(s.cashCollected)} />
            <Figure label="Remitted" value={formatAmount(s.remitted)} />
            <Figure label="Adjustments" value={formatAmount(s.adjustments)} />
            <Figure
              label="GCash and bank"
              value={formatAmount(s.nonCashCollected)}
              hint="paid to the organisation: not owed"
            />
          </section>
          <Card>
            <CardHeader>
              <CardTitle>Unsold stubs held</CardTitle>
              <CardDescription>
                {s.heldRanges.length ? "These numbers are still with the seller." : "None."}
              </CardDescription>
            </CardHeader>
            {s.heldRanges.length > 0 && (
              <CardContent>
                <p className="font-mono break-words" data-testid="held-ranges">
                  {ranges(s.heldRanges)}
                </p>
              </CardContent>
            )}
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Receipts</CardTitle>
              <CardDescription>
                {s.receipts.length
                  ? `${formatCount(s.receipts.length)} receipt${s.receipts.length === 1 ? "" : "s"}`
                  : "No remittances yet."}
              </CardDescription>
            </CardHeader>
            {s.receipts.length > 0 && (
              <CardContent className="overflow-x-auto">
                <Table data-testid="receipts-table">
                  <TableHeader>
                    <TableRow>
                      <TableHead scope="col">Receipt No.</TableHead>
                      <TableHead scope="col">Date</TableHead>
                      <TableHead scope="col">Method</TableHead>
                      <TableHead scope="col" className="text-right">
                        Amount
                      </TableHead>
                      <TableHead scope="col">Status</TableHead>
                      <TableHead scope="col">
                        <span className="sr-only">Actions</span>
                      </TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {s.receipts.map((r) => (
                      <TableRow key={r.id} data-testid="receipt-row" data-receipt={r.receiptNumber}>
                        <TableCell className="font-mono">{r.receiptNumber}</TableCell>
                        <TableCell className="whitespace-nowrap">{formatDateTime(r.createdAt, timeZone)}</TableCell>
                        <TableCell>{paymentMethodLabel(r.method)}</TableCell>
                        <TableCell
                          className={`text-right tabular-nums whitespace-nowrap ${r.voided ? "line-through" : ""}`}
                        >
                          {formatAmount(r.amount)}
                        </TableCell>
                        <TableCell>
                          {r.voided ? (
                            <Badge variant="destructive" title={r.voidReason ?? undefined}>
                              VOID
                            </Badge>
                          ) : (
                            <Badge variant="secondary">Valid</Badge>
                          )}
                        </TableCell>
                        <TableCell>
                          <div className="flex justify-end gap-1">
                            <Button size="sm" variant="ghost" asChild>
                              <a
                                href={remittancePdfPaths.receipt(r.id)}
                                target="_blank"
                                rel="noopener"
                                aria-label={`Print receipt No. ${r.receiptNumber}`}
                              >
                                <Printer />
                                Print
                              </a>
                            </Button>
                            {isAdmin && !r.voided && (
                              <Button
                                size="sm"
                                variant="ghost"
                                onClick={() => setToVoid(r)}
                                aria-label={`Void receipt No. ${r.receiptNumber}`}
                                aria-haspopup="dialog"
                              >
                                <Ban />
                                Void
                              </Button>
                            )}
                          </div>
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </CardContent>
            )}
          </Card>
          {s.adjustmentList.length > 0 && (
            <Card>
              <CardHeader>
                <CardTitle>Adjustments</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="space-y-1 text-sm">
                  {s.adjustmentList.map((a) => (
                    <li key={a.id}>
                      <span className="tabular-nums font-medium">{formatAmount(a.amount)}</span> ·{" "}
                      {formatDateTime(a.createdAt, timeZone)} · {a.reason}
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          )}
          {isAdmin && (
            <>
              {mounted.record && (
                <LazyRecordRemittanceDialog open={recordOpen} onOpenChange={setRecordOpen} seller={s} balances={[s]} />
              )}
              {mounted.allocate && (
                <LazyAllocateStubsDialog open={allocateOpen} onOpenChange={setAllocateOpen} sellerId={s.sellerId} />
              )}
              {mounted.void && (
                <LazyVoidRemittanceDialog receipt={toVoid} onOpenChange={(open) => !open && setToVoid(null)} />
              )}
              {mounted.adjust && (
                <LazyAdjustBalanceDialog seller={adjustFor} onOpenChange={(open) => !open && setAdjustFor(null)} />
              )}
              {mounted.return && (
                <LazyReturnStubsDialog seller={returnFrom} onOpenChange={(open) => !open && setReturnFrom(null)} />
              )}
            </>
          )}
        </>
      ) : null}
    </div>
  );
}
