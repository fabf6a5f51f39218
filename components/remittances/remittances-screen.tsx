"use client";

// The Remittances screen (administrators; issue 20, docs/decisions/090–094): one row per seller with
// stubs held, sold, outstanding, cash collected, remitted, balance and last remittance; a filter
// "owing" kept in the URL; the totals in words; Record remittance (pre-filled from the row), Hand out
// stubs, each seller's statement, and the whole-raffle report PDF.
import { useState } from "react";
import { urlBoolean } from "@/lib/url-state";
import { useUrlParam } from "@/lib/use-url-state";
import { AlertTriangle, Banknote, MoreHorizontal, PackagePlus, Printer } from "lucide-react";
import { PageHeader } from "@/components/dashboard/page-header";
import { RaffleStateNotice, useRaffleRefusal } from "@/components/raffle-state/raffle-state-notice";
import { LazyAllocateStubsDialog, LazyRecordRemittanceDialog } from "@/components/remittances/lazy-dialogs";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { lazyDropdownMenu } from "@/components/ui/lazy-dropdown-menu";
import { Switch } from "@/components/ui/switch";
import { useOpenedOnce } from "@/components/ui/use-opened-once";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { remittancePdfPaths } from "@/lib/api/remittances";
import { formatCount, formatDateTime } from "@/lib/format";
import { amountToCentavos, formatAmount } from "@/lib/money";
import { useBalances } from "@/lib/queries/remittances";
import { useRaffleTimezone } from "@/lib/queries/settings";
import type { BalanceTotals, SellerBalance } from "@/lib/schemas/remittance";
import { QueryState } from "@/components/page-state/query-state";

// Each row's "More" menu loads on its first use (decision 179).
const LazySellerRowMenu = lazyDropdownMenu(() => import("@/components/remittances/seller-row-menu").then((m) => m.SellerRowMenu));

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** The totals as a sentence, so a screen reader and a glance get the same summary. */
function totalsText(t: BalanceTotals) {
  return (
    `${plural(t.sellers, "seller")}, ${formatCount(t.owing)} owing. ${plural(t.allocated, "stub")} held, ${formatCount(t.sold)} sold, ` +
    `${formatCount(t.outstandingStubs)} outstanding (${formatAmount(t.outstandingValue)}). Cash collected ${formatAmount(t.cashCollected)}, ` +
    `remitted ${formatAmount(t.remitted)}, adjustments ${formatAmount(t.adjustments)}, balance ${formatAmount(t.balance)}. ` +
    `GCash and bank ${formatAmount(t.nonCashCollected)}, paid to the organisation (not owed).`
  );
}

export function RemittancesScreen() {
  const query = useBalances();
  const timeZone = useRaffleTimezone();
  const [owingOnly, setOwingOnly] = useUrlParam("owing", urlBoolean.withDefault(false));
  const [recordFor, setRecordFor] = useState<SellerBalance | null>(null);
  const [recordOpen, setRecordOpen] = useState(false);
  const [allocateFor, setAllocateFor] = useState<string | undefined>(undefined);
  const [allocateOpen, setAllocateOpen] = useState(false);
  const recordMounted = useOpenedOnce(recordOpen);
  const allocateMounted = useOpenedOnce(allocateOpen);
  const sellers = query.data?.sellers ?? [];
  const rows = owingOnly ? sellers.filter((s) => amountToCentavos(s.balance) > 0) : sellers;

  const openRecord = (seller: SellerBalance | null) => {
    setRecordFor(seller);
    setRecordOpen(true);
  };
  const remitRefusal = useRaffleRefusal("remit");
  const openAllocate = (sellerId?: string) => {
    setAllocateFor(sellerId);
    setAllocateOpen(true);
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader title="Remittances" description="Which stubs each seller holds and how much cash each still owes, reconciled before the draw." />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => openAllocate()} disabled={remitRefusal !== null}>
            <PackagePlus />
            Hand Out Stubs
          </Button>
          <Button variant="outline" asChild>
            <a href={remittancePdfPaths.report()} target="_blank" rel="noopener">
              <Printer />
              Report PDF
            </a>
          </Button>
          <Button onClick={() => openRecord(null)} disabled={remitRefusal !== null}>
            <Banknote />
            Record Remittance
          </Button>
        </div>
      </div>
      <RaffleStateNotice writes={["remit"]} />
      <Card className="gap-4">
        <CardHeader className="flex flex-wrap items-start justify-between gap-3">
          <div className="space-y-1.5">
            <CardTitle>Sellers</CardTitle>
            <CardDescription aria-live="polite" data-testid="remittance-totals">
              {query.isPending ? "Loading…" : query.data ? totalsText(query.data.totals) : ""}
            </CardDescription>
          </div>
          <div className="flex items-center gap-2">
            <Switch id="owing-only" checked={owingOnly} onCheckedChange={(checked) => void setOwingOnly(checked ? true : null)} />
            <Label htmlFor="owing-only">Owing only</Label>
          </div>
        </CardHeader>
        <CardContent>
          <QueryState
            query={query}
            loadingLabel="Loading the balances"
            errorFallback="Failed to load the balances"
            isEmpty={rows.length === 0}
            empty={owingOnly ? "No seller owes cash" : "No seller holds stubs, has sold or has remitted yet"}
          >
            <div className="overflow-x-auto" data-testid="balances-table">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col">Seller</TableHead>
                    <TableHead scope="col" className="text-right">Stubs Held</TableHead>
                    <TableHead scope="col" className="text-right">Sold</TableHead>
                    <TableHead scope="col" className="text-right">Outstanding</TableHead>
                    <TableHead scope="col" className="text-right">Cash Collected</TableHead>
                    <TableHead scope="col" className="text-right">Remitted</TableHead>
                    <TableHead scope="col" className="text-right">Balance</TableHead>
                    <TableHead scope="col">Last Remittance</TableHead>
                    <TableHead scope="col">
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((s) => (
                    <TableRow key={s.sellerId} data-testid="balance-row" data-seller={s.email}>
                      <TableCell>
                        <div className="font-medium break-all">{s.name}</div>
                        {s.name !== s.email && <div className="text-xs break-all text-muted-foreground">{s.email}</div>}
                        {s.isDisabled && <Badge variant="outline">Disabled</Badge>}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{formatCount(s.allocated)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatCount(s.sold)}</TableCell>
                      <TableCell className="text-right tabular-nums whitespace-nowrap">
                        {formatCount(s.outstandingStubs)}
                        <div className="text-xs text-muted-foreground">{formatAmount(s.outstandingValue)}</div>
                      </TableCell>
                      <TableCell className="text-right tabular-nums whitespace-nowrap">{formatAmount(s.cashCollected)}</TableCell>
                      <TableCell className="text-right tabular-nums whitespace-nowrap">{formatAmount(s.remitted)}</TableCell>
                      <TableCell className="text-right tabular-nums whitespace-nowrap font-semibold" data-testid="balance-cell">
                        {formatAmount(s.balance)}
                        {s.overAlert && (
                          <div>
                            <Badge variant="destructive" title={`Cash on hand above ${formatAmount(query.data?.cashOnHandAlert ?? "0")}`}>
                              <AlertTriangle aria-hidden="true" />
                              Over limit
                            </Badge>
                          </div>
                        )}
                      </TableCell>
                      <TableCell className="whitespace-nowrap">{s.lastRemittanceAt ? formatDateTime(s.lastRemittanceAt, timeZone) : <span className="text-muted-foreground">None</span>}</TableCell>
                      <TableCell>
                        <div className="flex justify-end gap-1 whitespace-nowrap">
                          <Button size="sm" onClick={() => openRecord(s)} aria-label={`Record remittance from ${s.name}`} aria-haspopup="dialog">
                            <Banknote />
                            Record
                          </Button>
                          <LazySellerRowMenu
                            sellerId={s.sellerId}
                            onHandOutStubs={() => openAllocate(s.sellerId)}
                            trigger={
                              <Button size="icon" variant="ghost" className="size-8" aria-label={`More for ${s.name}`}>
                                <MoreHorizontal />
                              </Button>
                            }
                          />
                        </div>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </QueryState>
        </CardContent>
      </Card>
      <p className="text-sm text-muted-foreground">
        Balance = cash collected − remitted − adjustments. GCash and bank payments go straight to the organisation and are not owed by the seller.
      </p>
      {recordMounted && <LazyRecordRemittanceDialog open={recordOpen} onOpenChange={setRecordOpen} seller={recordFor} balances={sellers} />}
      {allocateMounted && <LazyAllocateStubsDialog open={allocateOpen} onOpenChange={setAllocateOpen} sellerId={allocateFor} />}
    </div>
  );
}
