"use client";

// Ticket Details (SPEC section 2): opened with a whole ticket (a row, a card, a generated ticket)
// or with a reference (the Overview's activity rows carry ticket_id and control_number), which
// it loads. Email and attachments plug in through `renderActions` / `renderPanel` (see
// ticket-extensions.tsx); they are offered for registered tickets only. Where the screen offers
// voids (Tickets Management, administrators), Void / Unvoid and Replace code (a new verify code
// for a lost stub, issue 22) sit beside Copy.
import { useEffect, useState, type ReactNode } from "react";
import { Ban, Check, Copy, RotateCcw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import {
  PaymentBadge,
  RegistrationBadge,
  StatusBadge,
  VoidBadge,
  shownStatus,
} from "@/components/tickets/ticket-badges";
import { ReplaceCodeButton } from "@/components/tickets/replace-code-button";
import { useReturnFocus } from "@/lib/use-return-focus";
import { useTicketExtensions, type TicketExtensions } from "@/components/tickets/ticket-extensions";
import { errorMessage } from "@/lib/api-client";
import type { Ticket } from "@/lib/api/tickets";
import { formatDateTime, formatPeso, formatPhone, paymentMethodLabel } from "@/lib/format";
import { voidReasonLabel } from "@/lib/voids";
import { useTicketDetail } from "@/lib/queries/tickets";
import { useRaffleTimezone } from "@/lib/queries/settings";

/** SPEC section 9: the copied state lasts 2000 ms. */
export const COPY_FEEDBACK_MS = 2000;

/** What an activity row knows about its ticket. */
export interface TicketReference {
  ticket_id?: string | null;
  id?: string | null;
  control_number?: string | null;
}

export function isWholeTicket(ticket: Ticket | TicketReference): ticket is Ticket {
  return typeof (ticket as Ticket).ticket_number === "number" && "created_at" in ticket;
}

function referenceOf(ticket: Ticket | TicketReference | null): string | null {
  if (!ticket || isWholeTicket(ticket)) return null;
  return ticket.ticket_id || ticket.id || ticket.control_number || null;
}

export interface TicketDetailsDialogProps extends Pick<TicketExtensions, "renderActions" | "renderPanel"> {
  /** The ticket to show, or a reference to load it by; null keeps the dialog closed. */
  ticket: Ticket | TicketReference | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Offers Void for a ticket that is not void (administrators). */
  onVoid?: (ticket: Ticket) => void;
  /** Offers Unvoid for a voided ticket (administrators). */
  onUnvoid?: (ticket: Ticket) => void;
}

export function TicketDetailsDialog({
  ticket,
  open,
  onOpenChange,
  onVoid,
  onUnvoid,
  ...overrides
}: TicketDetailsDialogProps) {
  const reference = open ? referenceOf(ticket) : null;
  const loaded = useTicketDetail(reference);
  const shown = ticket && isWholeTicket(ticket) ? ticket : (loaded.data ?? null);
  const extensions = useTicketExtensions(overrides);
  const returnFocus = useReturnFocus(open && !!ticket);

  return (
    <Dialog open={open && !!ticket} onOpenChange={onOpenChange}>
      {/* The header and the close button stay in view; only the body scrolls (a phone shows the
          close button however far down the payment and void sections go). */}
      <DialogContent
        className="grid grid-rows-[auto_minmax(0,1fr)] sm:max-w-xl"
        data-testid="ticket-details-dialog"
        onCloseAutoFocus={returnFocus}
      >
        <DialogHeader>
          <DialogTitle>Ticket Details</DialogTitle>
          <DialogDescription>
            {shown
              ? `Control #: ${shown.control_number}`
              : loaded.isError
                ? "This ticket could not be loaded."
                : "Loading the ticket…"}
          </DialogDescription>
        </DialogHeader>
        <div className="-mx-6 overflow-y-auto px-6 pb-1" data-testid="ticket-details-body">
          {shown ? (
            <TicketDetailsBody
              ticket={shown}
              actions={
                <>
                  {shown.is_registered && !shown.voided_at ? extensions.renderActions?.(shown) : null}
                  <VoidActions ticket={shown} onVoid={onVoid} onUnvoid={onUnvoid} />
                  {onVoid || onUnvoid ? (
                    <ReplaceCodeButton
                      ticket={{ id: shown.ticket_id || shown.id, control_number: shown.control_number }}
                    />
                  ) : null}
                </>
              }
              // The dialog's content unmounts when it closes, and the key changes with the ticket, so
              // the panel starts fresh (attachments hidden) on each opening and each ticket.
              panel={
                shown.is_registered && extensions.renderPanel ? (
                  <div key={shown.ticket_id}>{extensions.renderPanel(shown)}</div>
                ) : null
              }
            />
          ) : loaded.isError ? (
            <p role="alert" className="text-sm text-destructive">
              {errorMessage(loaded.error, "Ticket not found")}
            </p>
          ) : (
            <div className="space-y-3" role="status" aria-busy="true" aria-label="Loading the ticket">
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-40 w-full" />
            </div>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Copies a value, says so for 2 s (SPEC section 9) and in a toast ('Control number copied to clipboard!'). */
function CopyButton({ value, subject }: { value: string; subject: "Control number" | "Payment reference" }) {
  const [isCopied, setIsCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setIsCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setIsCopied(true);
      toast.success(`${subject} copied to clipboard!`);
    } catch {
      toast.error(`Failed to copy ${subject.toLowerCase()}`);
    }
  }

  const what = subject.toLowerCase();
  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      onClick={copy}
      aria-label={isCopied ? `${subject} copied` : `Copy ${what}`}
    >
      {isCopied ? <Check className="text-emerald-600" /> : <Copy />}
      {isCopied ? "Copied!" : "Copy"}
    </Button>
  );
}

function VoidActions({
  ticket,
  onVoid,
  onUnvoid,
}: {
  ticket: Ticket;
  onVoid?: (ticket: Ticket) => void;
  onUnvoid?: (ticket: Ticket) => void;
}) {
  if (ticket.voided_at) {
    return onUnvoid ? (
      <Button type="button" variant="outline" size="sm" onClick={() => onUnvoid(ticket)} aria-haspopup="dialog">
        <RotateCcw />
        Unvoid
      </Button>
    ) : null;
  }
  return onVoid ? (
    <Button type="button" variant="outline" size="sm" onClick={() => onVoid(ticket)} aria-haspopup="dialog">
      <Ban />
      Void
    </Button>
  ) : null;
}

function Field({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{label}</dt>
      <dd className="mt-0.5 text-sm break-words">{children}</dd>
    </div>
  );
}

function TicketDetailsBody({ ticket, actions, panel }: { ticket: Ticket; actions: ReactNode; panel: ReactNode }) {
  const timeZone = useRaffleTimezone();
  const none = <span className="text-muted-foreground">—</span>;
  return (
    <div className="space-y-5">
      <div
        className={
          "flex flex-col gap-3 rounded-lg border bg-muted/40 p-4 " + "sm:flex-row sm:items-center sm:justify-between"
        }
      >
        <div className="min-w-0">
          <p className="text-xs font-medium text-muted-foreground">Control Number</p>
          <p className="font-mono text-xl font-semibold break-all" data-testid="details-control-number">
            {ticket.control_number}
          </p>
          <div className="mt-1.5 flex flex-wrap gap-1.5">
            <RegistrationBadge ticket={ticket} />
            <VoidBadge ticket={ticket} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <CopyButton value={ticket.control_number} subject="Control number" />
          {actions}
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Field label="Buyer">
          {ticket.is_registered && ticket.buyer_name ? (
            ticket.buyer_name
          ) : (
            <span className="text-muted-foreground">Unregistered</span>
          )}
        </Field>
        <Field label="Phone">{ticket.phone_number ? formatPhone(ticket.phone_number) : none}</Field>
        <Field label="Email">{ticket.email || none}</Field>
        <Field label="Address">{ticket.address || none}</Field>
        <Field label="Amount">{formatPeso(ticket.amount)}</Field>
        <Field label="Payment Method">
          <PaymentBadge method={ticket.payment_method} isSold={ticket.is_registered} />
        </Field>
        <Field label="Status">
          <StatusBadge status={shownStatus(ticket)} />
        </Field>
        <Field label="Last 5 Digits">
          <span className="font-mono">{ticket.last_5_digits}</span>
        </Field>
        <Field label="Created" wide>
          {formatDateTime(ticket.created_at, timeZone)}
        </Field>
      </dl>
      {ticket.payment && (
        <PaymentSection payment={ticket.payment} sellerEmail={ticket.seller_email} timeZone={timeZone} />
      )}
      {ticket.voided_at && (
        <section
          aria-labelledby="details-void-heading"
          className="space-y-2 rounded-lg border border-zinc-400 p-3 dark:border-zinc-600"
        >
          <h3 id="details-void-heading" className="text-sm font-semibold">
            Void: not in the draw
          </h3>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            <Field label="Reason">{voidReasonLabel(ticket.void_reason)}</Field>
            <Field label="Voided">
              {formatDateTime(ticket.voided_at, timeZone)}
              {ticket.voided_by ? ` by ${ticket.voided_by}` : ""}
            </Field>
            <Field label="Note" wide>
              {ticket.void_note || none}
            </Field>
          </dl>
        </section>
      )}
      {panel}
    </div>
  );
}

function PaymentSection({
  payment,
  sellerEmail,
  timeZone,
}: {
  payment: NonNullable<Ticket["payment"]>;
  sellerEmail: string | null;
  timeZone: string;
}) {
  const none = <span className="text-muted-foreground">—</span>;
  return (
    <section aria-labelledby="details-payment-heading" className="space-y-2 rounded-lg border p-3">
      <h3 id="details-payment-heading" className="text-sm font-semibold">
        Payment
      </h3>
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        <Field label="Method">{paymentMethodLabel(payment.method)}</Field>
        <Field label="Reference">
          {payment.reference ? (
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-mono" data-testid="details-payment-reference">
                {payment.reference_normalized ?? payment.reference}
              </span>
              <CopyButton value={payment.reference_normalized ?? payment.reference} subject="Payment reference" />
            </span>
          ) : (
            none
          )}
        </Field>
        <Field label="Amount Expected">{formatPeso(payment.amount_expected)}</Field>
        <Field label="Seller">{sellerEmail || payment.collected_by || none}</Field>
        <Field label="Collected" wide>
          {formatDateTime(payment.collected_at, timeZone)}
          {payment.collected_by ? ` by ${payment.collected_by}` : ""}
        </Field>
      </dl>
    </section>
  );
}
