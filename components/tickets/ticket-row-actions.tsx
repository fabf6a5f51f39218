"use client";

// A ticket's actions in the table and the cards: view details; edit, only while it has no buyer;
// void (administrators, docs/decisions/051) or, once void, unvoid; delete, which asks first
// (DeleteTicketDialog). A voided ticket cannot be edited or deleted (the server answers 409), so
// those buttons are not offered for it.
import { Ban, Eye, Pencil, RotateCcw, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { Ticket } from "@/lib/api/tickets";
import { registrability, registrationFacts } from "@/lib/registrability";

export interface TicketActionHandlers {
  onView: (ticket: Ticket) => void;
  onEdit: (ticket: Ticket) => void;
  /** Asks for confirmation, then deletes. */
  onDelete: (ticket: Ticket) => void;
  /** Opens the Void dialog; absent where voiding is not offered. */
  onVoid?: (ticket: Ticket) => void;
  /** Opens the Unvoid dialog. */
  onUnvoid?: (ticket: Ticket) => void;
}

export function TicketRowActions({
  ticket,
  onView,
  onEdit,
  onDelete,
  onVoid,
  onUnvoid,
}: TicketActionHandlers & { ticket: Ticket }) {
  const label = ticket.control_number;
  const isVoid = !!ticket.voided_at;
  return (
    <div className="flex items-center justify-end gap-1">
      <Button
        variant="ghost"
        size="icon"
        onClick={() => onView(ticket)}
        aria-label={`View details of ${label}`}
        title="View details"
      >
        <Eye />
      </Button>
      {/* Edit is for a ticket that can still take a buyer (the edit may register it). */}
      {registrability(registrationFacts(ticket)) === null && (
        <Button variant="ghost" size="icon" onClick={() => onEdit(ticket)} aria-label={`Edit ${label}`} title="Edit">
          <Pencil />
        </Button>
      )}
      {isVoid
        ? onUnvoid && (
            <Button
              variant="ghost"
              size="icon"
              onClick={() => onUnvoid(ticket)}
              aria-label={`Unvoid ${label}`}
              title="Unvoid"
              aria-haspopup="dialog"
            >
              <RotateCcw />
            </Button>
          )
        : onVoid && (
            <Button
              variant="ghost"
              size="icon"
              onClick={() => onVoid(ticket)}
              aria-label={`Void ${label}`}
              title="Void"
              aria-haspopup="dialog"
            >
              <Ban />
            </Button>
          )}
      {!isVoid && (
        <Button
          variant="ghost"
          size="icon"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          onClick={() => onDelete(ticket)}
          aria-label={`Delete ${label}`}
          title="Delete"
          aria-haspopup="dialog"
        >
          <Trash2 />
        </Button>
      )}
    </div>
  );
}
