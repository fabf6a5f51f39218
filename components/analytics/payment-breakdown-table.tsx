import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { methodColor } from "@/components/stats/method-colors";
import type { MethodSlice } from "@/lib/dashboard/figures";
import { formatCount, formatPeso } from "@/lib/format";

function Swatch({ method, index }: { method: string; index: number }) {
  return (
    <span aria-hidden className="size-2.5 shrink-0 rounded-full" style={{ background: methodColor(method, index) }} />
  );
}

/**
 * Payment Methods Breakdown (SPEC section 2): method, tickets sold, revenue, share of the tickets; a list below 640
 * px.
 */
export function PaymentBreakdownTable({ slices, isLoading }: { slices: MethodSlice[]; isLoading: boolean }) {
  return (
    <Card className="gap-4" data-testid="payment-breakdown">
      <CardHeader>
        <CardTitle>Payment Methods Breakdown</CardTitle>
        <CardDescription>Tickets sold in the period (registered, not voided), their revenue and share</CardDescription>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-24 w-full" label="Loading the payment breakdown" />
        ) : slices.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No payment data available</p>
        ) : (
          <>
            <ul className="divide-y rounded-md border sm:hidden">
              {slices.map((s, i) => (
                <li key={s.method || i} className="space-y-1 p-3 text-sm">
                  <p className="flex items-center gap-2 font-medium">
                    <Swatch method={s.method} index={i} />
                    {s.label}
                  </p>
                  <dl className="grid grid-cols-2 gap-x-3 gap-y-1">
                    <dt className="text-muted-foreground">Tickets Sold</dt>
                    <dd className="text-right tabular-nums">{formatCount(s.count)}</dd>
                    <dt className="text-muted-foreground">Revenue</dt>
                    <dd className="text-right tabular-nums">{formatPeso(s.revenue)}</dd>
                    <dt className="text-muted-foreground">Percentage</dt>
                    <dd className="text-right tabular-nums">{s.percent.toFixed(1)}%</dd>
                  </dl>
                </li>
              ))}
            </ul>
            <div className="hidden sm:block">
              <Table>
                <TableHeader>
                  <TableRow>
                    <TableHead>Payment Method</TableHead>
                    <TableHead className="text-right">Tickets Sold</TableHead>
                    <TableHead className="text-right">Revenue</TableHead>
                    <TableHead className="text-right">Percentage</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {slices.map((s, i) => (
                    <TableRow key={s.method || i} data-testid="breakdown-row">
                      <TableCell className="font-medium">
                        <span className="flex items-center gap-2">
                          <Swatch method={s.method} index={i} />
                          {s.label}
                        </span>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{formatCount(s.count)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatPeso(s.revenue)}</TableCell>
                      <TableCell className="text-right tabular-nums">{s.percent.toFixed(1)}%</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
