"use client";

// A ticket's actions in the table and the cards: view details; edit, only while it has no buyer;
// delete, behind a danger confirmation.
import { Eye, Pencil, Trash2 } from "lucide-react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import type { Ticket } from "@/lib/api/tickets";

export interface TicketActionHandlers {
  onView: (ticket: Ticket) => void;
  onEdit: (ticket: Ticket) => void;
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
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="ghost" size="icon" className="text-destructive hover:bg-destructive/10 hover:text-destructive" aria-label={`Delete ${label}`} title="Delete">
            <Trash2 />
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete ticket?</AlertDialogTitle>
            <AlertDialogDescription>
              This permanently deletes ticket <strong className="font-mono text-foreground">{label}</strong>
              {ticket.is_registered && ticket.buyer_name ? `, registered to ${ticket.buyer_name},` : ""} and its attachments. This cannot be
              undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            {/* The theme's dark destructive red is light enough for red text on dark, too light under white text. */}
            <AlertDialogAction variant="destructive" className="dark:bg-red-700 dark:hover:bg-red-700/90" onClick={() => onDelete(ticket)}>
              Delete Ticket
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
