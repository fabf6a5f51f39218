"use client";

// Issue 10's parts of the ticket dialogs, plugged in once for the whole dashboard through the
// extension points of ticket-extensions.tsx: Send via Email in Ticket Details and in the
// generate success view, and the attachments panel in Ticket Details. Their code loads with
// the dialogs that show them, not with every dashboard page.
import { useMemo, type ReactNode } from "react";
import dynamic from "next/dynamic";
import { TicketExtensionsProvider, type TicketExtensions } from "@/components/tickets/ticket-extensions";

const SendTicketEmailButton = dynamic(
  () => import("@/components/tickets/send-ticket-email-button").then((m) => m.SendTicketEmailButton),
  { ssr: false },
);
const TicketAttachmentsPanel = dynamic(
  () => import("@/components/tickets/ticket-attachments-panel").then((m) => m.TicketAttachmentsPanel),
  { ssr: false },
);

export function TicketFilesExtensions({ isAdmin, children }: { isAdmin: boolean; children: ReactNode }) {
  const value = useMemo<TicketExtensions>(
    () => ({
      // The button renders nothing for a ticket without an email (SPEC section 2).
      renderActions: (ticket) => <SendTicketEmailButton ticket={ticket} />,
      renderPanel: (ticket) => <TicketAttachmentsPanel ticket={ticket} isAdmin={isAdmin} />,
      // One ticket: its button here. Several: each ticket's own dialog offers it (decision 047).
      renderGeneratedActions: (tickets) =>
        tickets.length === 1 ? <SendTicketEmailButton ticket={tickets[0]} size="default" /> : null,
    }),
    [isAdmin],
  );
  return <TicketExtensionsProvider value={value}>{children}</TicketExtensionsProvider>;
}
