"use client";

// The danger confirmation before a ticket is deleted (one for the whole screen, loaded on first use).
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { useReturnFocus } from "@/components/tickets/use-return-focus";
import type { Ticket } from "@/lib/api/tickets";

export function DeleteTicketDialog({ ticket, onConfirm, onCancel }: { ticket: Ticket | null; onConfirm: (ticket: Ticket) => void; onCancel: () => void }) {
  const returnFocus = useReturnFocus(!!ticket);
  return (
    <AlertDialog open={!!ticket} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent onCloseAutoFocus={returnFocus}>
        {ticket && (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>Delete ticket?</AlertDialogTitle>
              <AlertDialogDescription>
                This permanently deletes ticket <strong className="font-mono text-foreground">{ticket.control_number}</strong>
                {ticket.is_registered && ticket.buyer_name ? `, registered to ${ticket.buyer_name},` : ""} and its attachments. This cannot be
                undone.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              {/* The theme's dark destructive red is light enough for red text on dark, too light under white text. */}
              <AlertDialogAction variant="destructive" className="dark:bg-red-700 dark:hover:bg-red-700/90" onClick={() => onConfirm(ticket)}>
                Delete Ticket
              </AlertDialogAction>
            </AlertDialogFooter>
          </>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
