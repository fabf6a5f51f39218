"use client";

// Multiple registration's result (SPEC section 2): the message, Requested, Registered and Errors
// counts, the tickets registered, and each error line exactly as the server wrote it.
import { ResultHeading } from "@/components/register/result-heading";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import type { RegisterMultipleResult } from "@/lib/api/tickets";
import { formatCount } from "@/lib/format";

/** The server's register-multiple answer, shown as it came. */
export type MultipleResult = RegisterMultipleResult;

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="rounded-md border p-2 text-center">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-xl font-semibold" data-testid={testId}>
        {formatCount(value)}
      </dd>
    </div>
  );
}

export function MultipleResultCard({
  result,
  headingRef,
}: {
  result: MultipleResult;
  headingRef: React.Ref<HTMLHeadingElement>;
}) {
  return (
    <Card data-testid="multiple-result" className={result.success ? "border-emerald-600/40" : "border-destructive/50"}>
      <ResultHeading success={result.success} message={result.message} headingRef={headingRef} />
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-3 gap-2">
          <Count label="Requested" value={result.totalRequested} testId="count-requested" />
          <Count label="Registered" value={result.registeredCount} testId="count-registered" />
          <Count label="Errors" value={result.errors.length} testId="count-errors" />
        </dl>
        {result.registeredTickets.length > 0 && (
          <section className="space-y-2">
            <h3 className="text-sm font-semibold">Registered Tickets</h3>
            <ul aria-label="Registered tickets" className="flex flex-wrap gap-2" data-testid="registered-tickets">
              {result.registeredTickets.map((ticket) => (
                <li key={ticket.ticket_id} className="flex items-center gap-1.5 rounded-md border px-2 py-0.5 text-sm">
                  <span className="font-mono">{ticket.control_number}</span>
                  <Badge variant="secondary" className="font-mono">
                    {ticket.last_5_digits}
                  </Badge>
                </li>
              ))}
            </ul>
          </section>
        )}
        {result.errors.length > 0 && (
          <section className="space-y-2">
            <h3 className="text-sm font-semibold">Errors</h3>
            <ul
              aria-label="Errors"
              className="list-disc space-y-1 pl-5 text-sm text-destructive"
              data-testid="registration-errors"
            >
              {result.errors.map((line, index) => (
                <li key={`${index}-${line}`} className="break-words">
                  {line}
                </li>
              ))}
            </ul>
          </section>
        )}
      </CardContent>
    </Card>
  );
}
