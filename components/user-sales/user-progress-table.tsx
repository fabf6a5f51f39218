import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { UserProgressRow } from "@/lib/api/dashboard";
import { rateTone } from "@/lib/dashboard/figures";
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

/** User Progress (SPEC section 2): a table from 640 px, a list of cards below it. */
export function UserProgressTable({ rows: raw, isLoading, timeZone }: { rows: unknown; isLoading: boolean; timeZone: string }) {
  const rows = asArray<UserProgressRow>(raw).filter((r) => r && typeof r === "object");
  return (
    <Card className="gap-4" data-testid="user-progress">
      <CardHeader>
        <CardTitle>User Progress</CardTitle>
        <CardDescription>
          Tickets each staff member generated, and the tickets each sold (registered to a buyer, voids excluded), largest sales first. Cash is
          what the seller collected in cash.
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
            <div className="hidden sm:block">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>User Email</TableHead>
                    <TableHead className="text-right">Total Tickets</TableHead>
                    <TableHead className="text-right">Registered</TableHead>
                    <TableHead>Registration Rate</TableHead>
                    <TableHead className="text-right">Total Sales</TableHead>
                    <TableHead className="text-right">Sold</TableHead>
                    <TableHead className="text-right">Sold (₱)</TableHead>
                    <TableHead className="text-right">Cash</TableHead>
                    <TableHead>Latest Activity</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {rows.map((r) => (
                    <TableRow key={r.userEmail} data-testid="user-progress-row">
                      <TableCell className="max-w-64 truncate font-medium">{r.userEmail}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatCount(r.totalTickets)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatCount(r.registeredTickets)}</TableCell>
                      <TableCell>
                        <RateCell rate={r.registrationRate} />
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{formatPeso(r.totalSales)}</TableCell>
                      <TableCell className="text-right tabular-nums" data-testid="sold-tickets">{formatCount(r.soldTickets)}</TableCell>
                      <TableCell className="text-right tabular-nums" data-testid="sold-amount">{formatPeso(r.soldAmount)}</TableCell>
                      <TableCell className="text-right tabular-nums" data-testid="cash-collected">{formatPeso(r.cashCollected)}</TableCell>
                      <TableCell className="whitespace-nowrap">{latestActivity(r.latestTicketDate, timeZone)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <ul className="divide-y rounded-md border sm:hidden">
              {rows.map((r) => (
                <li key={r.userEmail} className="space-y-2 p-3 text-sm">
                  <p className="truncate font-medium">{r.userEmail}</p>
                  <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
                    <dt className="text-muted-foreground">Total Tickets</dt>
                    <dd className="text-right tabular-nums">{formatCount(r.totalTickets)}</dd>
                    <dt className="text-muted-foreground">Registered</dt>
                    <dd className="text-right tabular-nums">{formatCount(r.registeredTickets)}</dd>
                    <dt className="text-muted-foreground">Registration Rate</dt>
                    <dd className="text-right">
                      <RateCell rate={r.registrationRate} />
                    </dd>
                    <dt className="text-muted-foreground">Total Sales</dt>
                    <dd className="text-right tabular-nums">{formatPeso(r.totalSales)}</dd>
                    <dt className="text-muted-foreground">Sold</dt>
                    <dd className="text-right tabular-nums">{formatCount(r.soldTickets)}</dd>
                    <dt className="text-muted-foreground">Sold (₱)</dt>
                    <dd className="text-right tabular-nums">{formatPeso(r.soldAmount)}</dd>
                    <dt className="text-muted-foreground">Cash</dt>
                    <dd className="text-right tabular-nums">{formatPeso(r.cashCollected)}</dd>
                    <dt className="text-muted-foreground">Latest Activity</dt>
                    <dd className="text-right">{latestActivity(r.latestTicketDate, timeZone)}</dd>
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
