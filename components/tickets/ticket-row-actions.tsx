"use client";

// A ticket's actions in the table and the cards: view details; edit, only while it has no buyer;
// delete, which asks first (DeleteTicketDialog).
import { Eye, Pencil, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import type { Ticket } from "@/lib/api/tickets";

export interface TicketActionHandlers {
  onView: (ticket: Ticket) => void;
  onEdit: (ticket: Ticket) => void;
  /** Asks for confirmation, then deletes. */
  onDelete: (ticket: Ticket) => void;
}

export function TicketRowActions({ ticket, onView, onEdit, onDelete }: TicketActionHandlers & { ticket: Ticket }) {
  const label = ticket.control_number;
  return (
    <div className="flex items-center justify-end gap-1">
      <Button variant="ghost" size="icon" onClick={() => onView(ticket)} aria-label={`View details of ${label}`} title="View details">
        <Eye />
      </Button>
      {!ticket.is_registered && (
        <Button variant="ghost" size="icon" onClick={() => onEdit(ticket)} aria-label={`Edit ${label}`} title="Edit">
          <Pencil />
        </Button>
      )}
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
    </div>
  );
}
