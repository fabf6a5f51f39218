"use client";

// The one status line under the control number field. A polite live region that is always
// present, so screen readers hear each new state (searching, found, locked, not found, failed).
import { CircleAlert, CircleCheck, LoaderCircle, Lock, SearchX } from "lucide-react";
import type { LookupState } from "@/components/register/lookup-state";
import { formatPeso, paymentMethodLabel } from "@/lib/format";
import { REGISTRABILITY_TEXT } from "@/lib/registrability";
import { REGISTRATION_TEXT } from "@/lib/registration";

function Line({ icon, className, children }: { icon: React.ReactNode; className: string; children: React.ReactNode }) {
  return (
    <p className={`flex items-start gap-2 text-sm font-medium ${className}`}>
      <span aria-hidden="true" className="mt-0.5 shrink-0 [&_svg]:size-4">
        {icon}
      </span>
      <span className="min-w-0">{children}</span>
    </p>
  );
}

function StatusLine({ state }: { state: LookupState }) {
  switch (state.status) {
    case "searching":
      return (
        <Line icon={<LoaderCircle className="animate-spin" />} className="text-muted-foreground">
          Searching for ticket...
        </Line>
      );
    case "found":
      return (
        <div className="space-y-1">
          <Line icon={<CircleCheck />} className="text-emerald-700 dark:text-emerald-400">
            {REGISTRATION_TEXT.found}
          </Line>
          <p className="pl-6 text-sm text-muted-foreground">
            <span className="font-mono text-foreground">{state.ticket.control_number}</span> ·{" "}
            {paymentMethodLabel(state.ticket.payment_method)} · {formatPeso(state.ticket.amount)}
          </p>
        </div>
      );
    case "locked":
      return (
        <Line icon={<Lock />} className="text-destructive">
          {REGISTRABILITY_TEXT.alreadyRegistered(state.buyer)}
        </Line>
      );
    case "void":
    case "closed":
      return (
        <Line icon={<Lock />} className="text-destructive">
          {state.message}
        </Line>
      );
    case "not-found":
      return (
        <Line icon={<SearchX />} className="text-destructive">
          {REGISTRATION_TEXT.notFound}
        </Line>
      );
    case "failed":
      return (
        <Line icon={<CircleAlert />} className="text-destructive">
          {REGISTRATION_TEXT.lookupFailed}
        </Line>
      );
    default:
      return null;
  }
}

export function LookupStatus({ id, state }: { id: string; state: LookupState }) {
  return (
    <div
      id={id}
      role="status"
      aria-live="polite"
      data-testid="lookup-status"
      data-status={state.status}
      className="min-h-5"
    >
      <StatusLine state={state} />
    </div>
  );
}
