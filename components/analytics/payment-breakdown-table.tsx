import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import type { MethodSlice } from "@/lib/dashboard/figures";
import { formatCount, formatPeso } from "@/lib/format";
import { methodColor } from "@/components/stats/payment-doughnut";

/** Payment Methods Breakdown (SPEC section 2): method, tickets sold, revenue, share of the tickets. */
export function PaymentBreakdownTable({ slices, isLoading }: { slices: MethodSlice[]; isLoading: boolean }) {
  return (
    <Card className="gap-4" data-testid="payment-breakdown">
      <CardHeader>
        <CardTitle>Payment Methods Breakdown</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Skeleton className="h-24 w-full" />
        ) : slices.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No payment data available</p>
        ) : (
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
                <TableRow key={s.method || i}>
                  <TableCell className="font-medium">
                    <span className="flex items-center gap-2">
                      <span aria-hidden className="size-2.5 rounded-full" style={{ background: methodColor(s.method, i) }} />
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
        )}
      </CardContent>
    </Card>
  );
}
