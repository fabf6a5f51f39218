"use client";

// Extension points of the ticket dialogs, for features that live elsewhere (issue 10: Send via
// Email and the attachments panel). Either pass the render functions as props to one dialog, or
// mount <TicketExtensionsProvider> once around the dashboard and every Ticket Details and
// Generate dialog in the app (Tickets Management, Overview, the generate success view) gets them.
import { createContext, useContext, type ReactNode } from "react";
import type { Ticket } from "@/lib/api/tickets";

export interface TicketExtensions {
  /**
   * Buttons beside Copy in Ticket Details (e.g. Send via Email). Called for registered tickets
   * only (SPEC section 2); the callee decides further (e.g. only when the ticket has an email).
   */
  renderActions?: (ticket: Ticket) => ReactNode;
  /**
   * A panel under the fields of Ticket Details (e.g. the attachments toggle and list). Called for
   * registered tickets only, and remounted each time the dialog opens or the ticket changes, so
   * state inside it (a shown panel) starts fresh.
   */
  renderPanel?: (ticket: Ticket) => ReactNode;
  /** Buttons in the Generate dialog's success view, given every generated ticket (e.g. Send via Email). */
  renderGeneratedActions?: (tickets: Ticket[]) => ReactNode;
}

const TicketExtensionsContext = createContext<TicketExtensions>({});

export function TicketExtensionsProvider({ value, children }: { value: TicketExtensions; children: ReactNode }) {
  return <TicketExtensionsContext.Provider value={value}>{children}</TicketExtensionsContext.Provider>;
}

/** The extensions in force: a dialog's own props win over the provider's. */
export function useTicketExtensions(overrides: TicketExtensions = {}): TicketExtensions {
  const provided = useContext(TicketExtensionsContext);
  return {
    renderActions: overrides.renderActions ?? provided.renderActions,
    renderPanel: overrides.renderPanel ?? provided.renderPanel,
    renderGeneratedActions: overrides.renderGeneratedActions ?? provided.renderGeneratedActions,
  };
}
