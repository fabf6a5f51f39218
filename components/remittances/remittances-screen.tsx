"use client";

// The Remittances screen (administrators; issue 20, docs/decisions/090–094): one row per seller with
// stubs held, sold, outstanding, cash collected, remitted, balance and last remittance; a filter
// "owing" kept in the URL; the totals in words; Record remittance (pre-filled from the row), Hand out
// stubs, each seller's statement, and the whole-raffle report PDF.
import { useState } from "react";
import { urlBoolean, urlLiteral } from "@/lib/url-state";
import { useUrlState } from "@/lib/use-url-state";
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
import { formatAmount } from "@/lib/money";
import {
  BALANCE_FILTERS,
  hasOpenBalance,
  holdsOutstandingStubs,
  owesCash,
  STUB_FILTERS,
} from "@/lib/remittance-filters";
import { useBalances } from "@/lib/queries/remittances";
import { useRaffleTimezone } from "@/lib/queries/settings";
import type { BalanceTotals, SellerBalance } from "@/lib/schemas/remittance";
import { QueryState } from "@/components/page-state/query-state";

// Each row's "More" menu loads on its first use (decision 179).
const LazySellerRowMenu = lazyDropdownMenu(() =>
  import("@/components/remittances/seller-row-menu").then((m) => m.SellerRowMenu),
);

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** The totals as a sentence, so a screen reader and a glance get the same summary. */
function totalsText(t: BalanceTotals) {
  return (
    `${plural(t.sellers, "seller")}, ${formatCount(t.owing)} ` +
    `owing. ${plural(t.allocated, "stub")} held, ${formatCount(t.sold)} sold, ` +
    (`${formatCount(t.outstandingStubs)} outstanding ` +
      `(${formatAmount(t.outstandingValue)}). Cash ` +
      `collected ${formatAmount(t.cashCollected)}, `) +
    (`remitted ${formatAmount(t.remitted)}, ` +
      `adjustments ${formatAmount(t.adjustments)}, ` +
      `balance ${formatAmount(t.balance)}. `) +
    `GCash and bank ${formatAmount(t.nonCashCollected)}, paid to the organisation (not owed).`
  );
}

function SellerName({ seller: s }: { seller: SellerBalance }) {
  return (
    <>
      <div className="font-medium break-all">{s.name}</div>
      {s.name !== s.email && <div className="text-xs break-all text-muted-foreground">{s.email}</div>}
      {s.isDisabled && <Badge variant="outline">Disabled</Badge>}
    </>
  );
}

/** Figures that share a column: each on its own line, labelled, right-aligned. */
function Figures({ rows }: { rows: [label: string, value: string][] }) {
  return (
    <dl className="space-y-0.5 text-sm tabular-nums">
      {rows.map(([label, value]) => (
        <div key={label} className="flex justify-end gap-2 whitespace-nowrap">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function BalanceFigure({ seller: s, alert }: { seller: SellerBalance; alert: string }) {
  return (
    <>
      {formatAmount(s.balance)}
      {s.overAlert && (
        <div>
          <Badge variant="destructive" title={`Cash on hand above ${formatAmount(alert)}`}>
            <AlertTriangle aria-hidden="true" />
            Over limit
          </Badge>
        </div>
      )}
    </>
  );
}

export function RemittancesScreen() {
  const query = useBalances();
  const timeZone = useRaffleTimezone();
  // "Owing only" is the switch; `balance` and `stubs` are where Close sales' and Close's blocking items
  // link (decision 243): exactly the sellers each one counts, said above the list with a way back to all.
  const [{ owing: owingOnly, balance, stubs }, setFilters] = useUrlState({
    owing: urlBoolean.withDefault(false),
    balance: urlLiteral(BALANCE_FILTERS),
    stubs: urlLiteral(STUB_FILTERS),
  });
  const [recordFor, setRecordFor] = useState<SellerBalance | null>(null);
  const [recordOpen, setRecordOpen] = useState(false);
  const [allocateFor, setAllocateFor] = useState<string | undefined>(undefined);
  const [allocateOpen, setAllocateOpen] = useState(false);
  const recordMounted = useOpenedOnce(recordOpen);
  const allocateMounted = useOpenedOnce(allocateOpen);
  const sellers = query.data?.sellers ?? [];
  const rows = sellers.filter(
    (s) =>
      (!owingOnly || owesCash(s)) &&
      (balance !== "nonzero" || hasOpenBalance(s)) &&
      (stubs !== "outstanding" || holdsOutstandingStubs(s)),
  );
  const blockerFilter =
    balance === "nonzero"
      ? "sellers whose cash balance is not zero (owing, or owed after remitting more than they collected)"
      : stubs === "outstanding"
        ? "sellers still holding stubs that are neither sold, returned nor voided"
        : null;

  const openRecord = (seller: SellerBalance | null) => {
    setRecordFor(seller);
    setRecordOpen(true);
  };
  const remitRefusal = useRaffleRefusal("remit");
  const openAllocate = (sellerId?: string) => {
    setAllocateFor(sellerId);
    setAllocateOpen(true);
  };
  const actionsFor = (s: SellerBalance) => (
    <div className="flex justify-end gap-1 whitespace-nowrap">
      <Button
        size="sm"
        onClick={() => openRecord(s)}
        aria-label={`Record remittance from ${s.name}`}
        aria-haspopup="dialog"
      >
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
  );

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <PageHeader
          title="Remittances"
          description="Which stubs each seller holds and how much cash each still owes, reconciled before the draw."
        />
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
            <Switch
              id="owing-only"
              checked={owingOnly}
              onCheckedChange={(checked) => void setFilters({ owing: checked ? true : null })}
            />
            <Label htmlFor="owing-only">Owing only</Label>
          </div>
        </CardHeader>
        <CardContent>
          {blockerFilter && (
            <div
              className={
                "mb-3 flex flex-wrap items-center justify-between gap-2 " + "rounded-md border bg-muted/40 p-3 text-sm"
              }
              data-testid="seller-filter"
            >
              <p>
                Showing only {blockerFilter}
                {query.data ? `: ${plural(rows.length, "seller")}` : ""}.
              </p>
              <Button variant="outline" size="sm" onClick={() => void setFilters({ balance: null, stubs: null })}>
                Show all sellers
              </Button>
            </div>
          )}
          <QueryState
            query={query}
            loadingLabel="Loading the balances"
            errorFallback="Failed to load the balances"
            isEmpty={rows.length === 0}
            empty={
              blockerFilter
                ? `No ${blockerFilter.replace(/^sellers/, "seller")}`
                : owingOnly
                  ? "No seller owes cash"
                  : "No seller holds stubs, has sold or has remitted yet"
            }
          >
            {/* From 1024 px a table whose every column fits beside the sidebar at 1280 (issue 38
                  item 8): the stub counts and the cash figures each share a column; below it, one
                  card per seller with the same figures and actions. */}
            <div className="hidden lg:block" data-testid="balances-table">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead scope="col">Seller</TableHead>
                    <TableHead scope="col" className="text-right">
                      Stubs
                    </TableHead>
                    <TableHead scope="col" className="text-right">
                      Cash
                    </TableHead>
                    <TableHead scope="col" className="text-right">
                      Balance
                    </TableHead>
                    <TableHead scope="col">Last Remittance</TableHead>
                    <TableHead scope="col">
                      <span className="sr-only">Actions</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((s) => (
                    <TableRow key={s.sellerId} data-testid="balance-row" data-seller={s.email}>
                      <TableCell className="whitespace-normal">
                        <SellerName seller={s} />
                      </TableCell>
                      <TableCell className="text-right">
                        <Figures
                          rows={[
                            ["Held", formatCount(s.allocated)],
                            ["Sold", formatCount(s.sold)],
                            ["Outstanding", `${formatCount(s.outstandingStubs)} (${formatAmount(s.outstandingValue)})`],
                          ]}
                        />
                      </TableCell>
                      <TableCell className="text-right">
                        <Figures
                          rows={[
                            ["Collected", formatAmount(s.cashCollected)],
                            ["Remitted", formatAmount(s.remitted)],
                          ]}
                        />
                      </TableCell>
                      <TableCell
                        className="text-right tabular-nums whitespace-nowrap font-semibold"
                        data-testid="balance-cell"
                      >
                        <BalanceFigure seller={s} alert={query.data?.cashOnHandAlert ?? "0"} />
                      </TableCell>
                      <TableCell className="whitespace-normal">
                        {s.lastRemittanceAt ? (
                          formatDateTime(s.lastRemittanceAt, timeZone)
                        ) : (
                          <span className="text-muted-foreground">None</span>
                        )}
                      </TableCell>
                      <TableCell>{actionsFor(s)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <ul className="space-y-3 lg:hidden" aria-label="Seller balances" data-testid="balance-cards">
              {rows.map((s) => (
                <li key={s.sellerId} className="rounded-lg border p-3" data-testid="balance-row" data-seller={s.email}>
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <SellerName seller={s} />
                    </div>
                    <div className="text-right font-semibold tabular-nums" data-testid="balance-cell">
                      <BalanceFigure seller={s} alert={query.data?.cashOnHandAlert ?? "0"} />
                    </div>
                  </div>
                  <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
                    <dt className="text-muted-foreground">Stubs</dt>
                    <dd className="tabular-nums">
                      {`${formatCount(s.allocated)} held · ${formatCount(s.sold)} sold · `}
                      {`${formatCount(s.outstandingStubs)} outstanding (${formatAmount(s.outstandingValue)})`}
                    </dd>
                    <dt className="text-muted-foreground">Cash</dt>
                    <dd className="tabular-nums">
                      {formatAmount(s.cashCollected)} collected · {formatAmount(s.remitted)} remitted
                    </dd>
                    <dt className="text-muted-foreground">Last remittance</dt>
                    <dd>{s.lastRemittanceAt ? formatDateTime(s.lastRemittanceAt, timeZone) : "None"}</dd>
                  </dl>
                  <div className="mt-2 border-t pt-2">{actionsFor(s)}</div>
                </li>
              ))}
            </ul>
          </QueryState>
        </CardContent>
      </Card>
      <p className="text-sm text-muted-foreground">
        Balance = cash collected − remitted − adjustments. GCash and bank payments go straight to the organisation and
        are not owed by the seller.
      </p>
      {recordMounted && (
        <LazyRecordRemittanceDialog
          open={recordOpen}
          onOpenChange={setRecordOpen}
          seller={recordFor}
          balances={sellers}
        />
      )}
      {allocateMounted && (
        <LazyAllocateStubsDialog open={allocateOpen} onOpenChange={setAllocateOpen} sellerId={allocateFor} />
      )}
    </div>
  );
}
