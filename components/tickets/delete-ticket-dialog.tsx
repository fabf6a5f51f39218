"use client";

// The danger confirmation before a ticket is deleted (one for the whole screen, loaded on first use).
// For a sold ticket it offers Void instead and says the difference (docs/decisions/051): delete
// erases the number's history; a void keeps the number and takes it out of the draw and the sales.
import { Ban } from "lucide-react";
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
import { Button } from "@/components/ui/button";
import { useReturnFocus } from "@/lib/use-return-focus";
import type { Ticket } from "@/lib/api/tickets";

export function DeleteTicketDialog({
  ticket,
  onConfirm,
  onCancel,
  onVoidInstead,
}: {
  ticket: Ticket | null;
  onConfirm: (ticket: Ticket) => void;
  onCancel: () => void;
  /** Offered for a sold ticket: closes this dialog and opens the Void dialog. */
  onVoidInstead?: (ticket: Ticket) => void;
}) {
  const returnFocus = useReturnFocus(!!ticket);
  const offersVoid = !!ticket && ticket.is_registered && !ticket.voided_at && !!onVoidInstead;
  return (
    <AlertDialog open={!!ticket} onOpenChange={(open) => !open && onCancel()}>
      <AlertDialogContent onCloseAutoFocus={returnFocus}>
        {ticket && (
          <>
            <AlertDialogHeader>
              <AlertDialogTitle>Delete ticket?</AlertDialogTitle>
              <AlertDialogDescription>
                This permanently deletes ticket{" "}
                <strong className="font-mono text-foreground">{ticket.control_number}</strong>
                {ticket.is_registered && ticket.buyer_name ? `, registered to ${ticket.buyer_name},` : ""} and its
                attachments. This cannot be undone.
              </AlertDialogDescription>
              {offersVoid && (
                <p className="text-sm text-muted-foreground" data-testid="void-instead-note">
                  This ticket is sold. Deleting it erases the number and its sale from the records; voiding it keeps the
                  number, its buyer and its history, and only takes it out of the draw and the sales figures (and can be
                  undone).
                </p>
              )}
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              {offersVoid && (
                <Button variant="outline" onClick={() => onVoidInstead?.(ticket)}>
                  <Ban />
                  Void Instead
                </Button>
              )}
              {/* The theme's dark destructive red is light enough for red text on dark, too light under white text. */}
              <AlertDialogAction
                variant="destructive"
                className="dark:bg-red-700 dark:hover:bg-red-700/90"
                onClick={() => onConfirm(ticket)}
              >
                Delete Ticket
              </AlertDialogAction>
            </AlertDialogFooter>
          </>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
