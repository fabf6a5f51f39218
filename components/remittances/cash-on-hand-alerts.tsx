"use client";

// The Overview's flag (administrators; issue 20, docs/decisions/092): sellers whose cash on hand
// (their balance) passes the cash_on_hand_alert setting, with a link to Remittances. Nothing shows
// while no seller passes it.
import { Link } from "@/components/ui/link";
import { AlertTriangle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { formatAmount } from "@/lib/money";
import { useBalances } from "@/lib/queries/remittances";

export function CashOnHandAlerts() {
  const query = useBalances();
  const flagged = (query.data?.sellers ?? []).filter((s) => s.overAlert);
  if (flagged.length === 0 || !query.data) return null;
  return (
    <Card
      className="border-destructive/50"
      data-testid="cash-on-hand-alerts"
      role="region"
      aria-label="Cash on hand alerts"
    >
      <CardHeader className="flex flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle className="flex items-center gap-2">
            <AlertTriangle className="size-5 text-destructive" aria-hidden="true" />
            Cash on hand above {formatAmount(query.data.cashOnHandAlert)}
          </CardTitle>
          <CardDescription>
            {flagged.length === 1 ? "One seller holds" : `${flagged.length} sellers hold`} more cash than the limit: ask
            for a remittance.
          </CardDescription>
        </div>
        <Button variant="outline" size="sm" asChild>
          <Link href="/dashboard/remittances?owing=true">Remittances</Link>
        </Button>
      </CardHeader>
      <CardContent>
        <ul className="space-y-1 text-sm">
          {flagged.map((s) => (
            <li key={s.sellerId} className="flex flex-wrap justify-between gap-2">
              <span>{s.name}</span>
              <span className="font-semibold tabular-nums">{formatAmount(s.balance)}</span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
