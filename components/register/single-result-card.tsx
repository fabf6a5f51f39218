"use client";

// Single registration's result (SPEC section 2 "After registration"): on success the ticket id,
// control number, status Registered, last 5 digits and the buyer's name, phone, email and address.
import { Badge } from "@/components/ui/badge";
import { Card, CardContent } from "@/components/ui/card";
import { ResultHeading } from "@/components/register/result-heading";
import type { VisibleTicket as Ticket } from "@/lib/api/tickets";
import { formatPhone } from "@/lib/format";

export type SingleResult = { success: true; message: string; ticket: Ticket } | { success: false; message: string };

function Field({ label, children, wide = false }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "col-span-2 min-w-0 space-y-0.5" : "min-w-0 space-y-0.5"}>
      <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  );
}

const NOT_GIVEN = "Not provided";

export function SingleResultCard({ result }: { result: SingleResult }) {
  return (
    <Card data-testid="single-result" className={result.success ? "border-emerald-600/40" : "border-destructive/50"}>
      <ResultHeading success={result.success} message={result.message} />
      {result.success && (
        <CardContent>
          <dl className="grid grid-cols-2 gap-3">
            <Field label="Ticket ID" wide>
              <span className="font-mono text-xs break-all">{result.ticket.ticket_id}</span>
            </Field>
            <Field label="Control Number">
              <span className="font-mono">{result.ticket.control_number}</span>
            </Field>
            <Field label="Status">
              <Badge className="bg-emerald-700 text-white">Registered</Badge>
            </Field>
            <Field label="Last 5 Digits">
              <span className="font-mono">{result.ticket.last_5_digits}</span>
            </Field>
            <Field label="Buyer Name">{result.ticket.buyer_name}</Field>
            <Field label="Phone">{formatPhone(result.ticket.phone_number) || NOT_GIVEN}</Field>
            <Field label="Email">{result.ticket.email || NOT_GIVEN}</Field>
            <Field label="Address">{result.ticket.address || NOT_GIVEN}</Field>
          </dl>
        </CardContent>
      )}
    </Card>
  );
}
