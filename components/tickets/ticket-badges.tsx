// Small display parts shared by the table, the cards and the dialogs.
import { Badge } from "@/components/ui/badge";
import type { Ticket } from "@/lib/api/tickets";
import { paymentMethodLabel } from "@/lib/format";
import { voidReasonLabel } from "@/lib/voids";
import { cn } from "@/lib/utils";

const STATUS_STYLES: Record<string, string> = {
  active: "border-sky-300 bg-sky-50 text-sky-800 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-200",
  registered:
    "border-emerald-300 bg-emerald-50 text-emerald-800 " +
    "dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
  used: "border-zinc-300 bg-zinc-100 text-zinc-800 dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-100",
  expired: "border-rose-300 bg-rose-50 text-rose-800 dark:border-rose-800 dark:bg-rose-950 dark:text-rose-200",
};

/** 'Active', 'Registered', 'Used', 'Expired' (a new ticket shows as Active). */
export function statusLabel(status: string | null | undefined): string {
  const value = (status ?? "").trim().toLowerCase() || "active";
  return value.charAt(0).toUpperCase() + value.slice(1);
}

/**
 * The status a ticket shows: its status field, except that a sold ticket whose status was never
 * moved on from the default 'active' (generated with its buyer) shows 'registered', so the status
 * and the Registered badge never disagree about one ticket. 'used' and 'expired' show as set.
 */
export function shownStatus(ticket: Pick<Ticket, "status" | "is_registered">): string {
  const key = (ticket.status ?? "").trim().toLowerCase() || "active";
  return key === "active" && ticket.is_registered ? "registered" : key;
}

export function StatusBadge({ status }: { status: string | null | undefined }) {
  const key = (status ?? "").trim().toLowerCase() || "active";
  return (
    <Badge variant="outline" className={cn(STATUS_STYLES[key])}>
      {statusLabel(status)}
    </Badge>
  );
}

export function RegistrationBadge({ ticket }: { ticket: Pick<Ticket, "is_registered"> }) {
  return ticket.is_registered ? (
    <Badge className="bg-emerald-700 text-white dark:bg-emerald-700">Registered</Badge>
  ) : (
    <Badge variant="outline" className="border-amber-400 text-amber-800 dark:border-amber-600 dark:text-amber-200">
      Unregistered
    </Badge>
  );
}

/** How a sold ticket was paid; an unsold stub has no payment (its stored default method is not one). */
export function PaymentBadge({ method, isSold = true }: { method: string | null | undefined; isSold?: boolean }) {
  if (!isSold) {
    return (
      <span className="text-muted-foreground" title="Not sold: no payment yet">
        —<span className="sr-only">No payment (not sold)</span>
      </span>
    );
  }
  return <Badge variant="secondary">{paymentMethodLabel(method)}</Badge>;
}

/** A voided ticket (docs/decisions/051): out of the raffle, whatever its status says. */
export function VoidBadge({ ticket }: { ticket: Pick<Ticket, "voided_at" | "void_reason"> }) {
  if (!ticket.voided_at) return null;
  return (
    <Badge
      className="bg-zinc-800 text-white dark:bg-zinc-200 dark:text-zinc-900"
      title={voidReasonLabel(ticket.void_reason)}
      data-testid="void-badge"
    >
      Void
    </Badge>
  );
}
