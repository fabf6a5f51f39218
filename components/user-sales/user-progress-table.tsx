import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { UserProgressRow } from "@/lib/api/dashboard";
import { rateTone } from "@/lib/dashboard/figures";
import { GENERATED_COLUMNS, SOLD_COLUMNS, type UserSalesColumn } from "@/lib/dashboard/user-sales-columns";
import { asArray, formatCount, formatDateTime, formatPeso, toNumber } from "@/lib/format";
import { cn } from "@/lib/utils";

const DOT = { green: "bg-emerald-500", yellow: "bg-amber-400", red: "bg-red-500" } as const;

/** The rate with its dot: green at 50% or more, yellow at 25% or more, red below (SPEC section 9). */
function RateCell({ rate }: { rate: unknown }) {
  const value = toNumber(rate);
  return (
    <span className="inline-flex items-center gap-2 tabular-nums" data-testid="rate" data-tone={rateTone(value)}>
      <span aria-hidden className={cn("size-2.5 rounded-full", DOT[rateTone(value)])} />
      {value.toFixed(1)}%
    </span>
  );
}

function latestActivity(value: string | null, timeZone: string) {
  return value ? formatDateTime(value, timeZone, "MMM d, yyyy") : "N/A";
}

/** A column's header with its one-line definition as a tooltip (and for screen readers). */
function Head({ column, className }: { column: UserSalesColumn; className?: string }) {
  return (
    <TableHead className={className} scope="col">
      <abbr title={column.definition} className="cursor-help no-underline decoration-dotted hover:underline">
        {column.label}
      </abbr>
    </TableHead>
  );
}

function CardFigure({ column, children }: { column: UserSalesColumn; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground" title={column.definition}>
        {column.label}
      </dt>
      <dd className="text-right tabular-nums">{children}</dd>
    </>
  );
}

/** User Progress (SPEC section 2), seller first: a table from 640 px, a list of cards below it. */
export function UserProgressTable({
  rows: raw,
  isLoading,
  timeZone,
}: {
  rows: unknown;
  isLoading: boolean;
  timeZone: string;
}) {
  const rows = asArray<UserProgressRow>(raw).filter((r) => r && typeof r === "object");
  return (
    <Card className="gap-4" data-testid="user-progress">
      <CardHeader>
        <CardTitle>User Progress</CardTitle>
        <CardDescription>
          What each person sold (registered to a buyer, voids excluded), the cash they collected, remitted and still
          owe, largest sales first; then, as a second group, the tickets each generated. Hover a column&apos;s name for
          its definition.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <div className="space-y-2" role="status" aria-label="Loading user sales">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : rows.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No user data available</p>
        ) : (
          <>
            {/* Two tables, so each fits beside the sidebar at 1280 px (issue 38 item 8): what each person sold,
                then what each generated. */}
            <div className="hidden space-y-6 sm:block">
              <section aria-labelledby="user-sales-sold" className="space-y-2">
                <h3 id="user-sales-sold" className="text-sm font-semibold">
                  Sold by each person
                </h3>
                <Table aria-labelledby="user-sales-sold">
                  <TableHeader>
                    <TableRow>
                      <TableHead scope="col">User Email</TableHead>
                      {Object.values(SOLD_COLUMNS).map((c) => (
                        <Head key={c.label} column={c} className="text-right" />
                      ))}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {rows.map((r) => (
                      <TableRow key={r.userEmail} data-testid="user-progress-row">
                        <TableCell className="max-w-64 truncate font-medium" title={r.userEmail}>
                          {r.userEmail}
                        </TableCell>
                        <TableCell className="text-right tabular-nums" data-testid="sold-tickets">
                          {formatCount(r.soldTickets)}
                        </TableCell>
                        <TableCell className="text-right tabular-nums" data-testid="sold-amount">
                          {formatPeso(r.soldAmount)}
                        </TableCell>
                        <TableCell className="text-right tabular-nums" data-testid="cash-collected">
                          {formatPeso(r.cashCollected)}
                        </TableCell>
                        <TableCell className="text-right tabular-nums" data-testid="remitted">
                          {formatPeso(r.remitted)}
                        </TableCell>
                        <TableCell className="text-right tabular-nums" data-testid="owed">
                          {formatPeso(r.owed)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </section>
              <section aria-labelledby="user-sales-generated" className="space-y-2">
                <h3 id="user-sales-generated" className="text-sm font-semibold">
                  Generated by each person
                </h3>
                <Table aria-labelledby="user-sales-generated">
                  <TableHeader>
                    <TableRow>
                      <TableHead scope="col">User Email</TableHead>
                      {Object.values(GENERATED_COLUMNS).map((c, i) => (
                        <Head key={c.label} column={c} className={i < 2 || i === 3 ? "text-right" : undefined} />
                      ))}
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {rows.map((r) => (
                      <TableRow key={r.userEmail} data-testid="user-generated-row">
                        <TableCell className="max-w-64 truncate font-medium" title={r.userEmail}>
                          {r.userEmail}
                        </TableCell>
                        <TableCell className="text-right tabular-nums">{formatCount(r.totalTickets)}</TableCell>
                        <TableCell className="text-right tabular-nums">{formatCount(r.registeredTickets)}</TableCell>
                        <TableCell>
                          {r.totalTickets > 0 ? (
                            <RateCell rate={r.registrationRate} />
                          ) : (
                            <span className="text-muted-foreground">—</span>
                          )}
                        </TableCell>
                        <TableCell className="text-right tabular-nums">{formatPeso(r.totalSales)}</TableCell>
                        <TableCell className="whitespace-nowrap">
                          {latestActivity(r.latestTicketDate, timeZone)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </section>
            </div>
            <ul className="divide-y rounded-md border sm:hidden">
              {rows.map((r) => (
                <li key={r.userEmail} className="space-y-2 p-3 text-sm">
                  <p className="truncate font-medium">{r.userEmail}</p>
                  <p className="text-xs font-semibold uppercase text-muted-foreground">Sold by this person</p>
                  <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
                    <CardFigure column={SOLD_COLUMNS.soldTickets}>{formatCount(r.soldTickets)}</CardFigure>
                    <CardFigure column={SOLD_COLUMNS.soldAmount}>{formatPeso(r.soldAmount)}</CardFigure>
                    <CardFigure column={SOLD_COLUMNS.cashCollected}>{formatPeso(r.cashCollected)}</CardFigure>
                    <CardFigure column={SOLD_COLUMNS.remitted}>{formatPeso(r.remitted)}</CardFigure>
                    <CardFigure column={SOLD_COLUMNS.owed}>{formatPeso(r.owed)}</CardFigure>
                  </dl>
                  <p className="text-xs font-semibold uppercase text-muted-foreground">Generated by this person</p>
                  <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
                    <CardFigure column={GENERATED_COLUMNS.totalTickets}>{formatCount(r.totalTickets)}</CardFigure>
                    <CardFigure column={GENERATED_COLUMNS.registeredTickets}>
                      {formatCount(r.registeredTickets)}
                    </CardFigure>
                    <CardFigure column={GENERATED_COLUMNS.registrationRate}>
                      {r.totalTickets > 0 ? <RateCell rate={r.registrationRate} /> : "—"}
                    </CardFigure>
                    <CardFigure column={GENERATED_COLUMNS.totalSales}>{formatPeso(r.totalSales)}</CardFigure>
                    <CardFigure column={GENERATED_COLUMNS.latestTicketDate}>
                      {latestActivity(r.latestTicketDate, timeZone)}
                    </CardFigure>
                  </dl>
                </li>
              ))}
            </ul>
          </>
        )}
      </CardContent>
    </Card>
  );
}
