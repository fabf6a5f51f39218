"use client";

// Send via Email (SPEC sections 2 and 8): shown only for a registered ticket with an email; the
// server mails its own copy of the ticket to that address (docs/decisions/045).
import { Mail } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import type { Ticket } from "@/lib/api/tickets";
import { useSendTicketEmail } from "@/lib/queries/ticket-files";

export function canEmailTicket(ticket: Ticket): boolean {
  return ticket.is_registered && !!ticket.email?.trim();
}

export function SendTicketEmailButton({ ticket, size = "sm" }: { ticket: Ticket; size?: "sm" | "default" }) {
  const send = useSendTicketEmail();
  if (!canEmailTicket(ticket)) return null;

  function sendEmail() {
    send.mutate(ticket, {
      onSuccess: (result) => toast.success(`Ticket sent to ${result.to || ticket.email} successfully!`),
      onError: (error) => toast.error(`Failed to send email: ${errorMessage(error, "Failed to send email")}`),
    });
  }

  return (
    <Button type="button" variant="outline" size={size} onClick={sendEmail} disabled={send.isPending}>
      {send.isPending ? <Spinner className="size-4" label="Sending" /> : <Mail />}
      {send.isPending ? "Sending..." : "Send via Email"}
    </Button>
  );
}
