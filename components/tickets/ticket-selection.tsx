"use client";

// What Tickets Management has selected, for the actions mounted beside it (Print stubs, issue 22):
// the rows ticked in the table (kept across pages until cleared) and the list's current filter.
import { createContext, useContext } from "react";
import type { Ticket } from "@/lib/api/tickets";

export interface SelectedTicket {
  id: string;
  ticketNumber: number;
  controlNumber: string;
}

export interface ListFilter {
  search?: string;
  status: "all" | "registered" | "unregistered";
  payment?: string;
  user?: string;
}

export interface TicketSelection {
  /** Ticked rows, in the order they were ticked. */
  selected: SelectedTicket[];
  clearSelection: () => void;
  /** The list's filter when one is active (search, status, payment or creator); null when the list shows every ticket.
   */
  filter: ListFilter | null;
  /** The filter in words: "search 'santos', registered". */
  filterLabel: string;
  /** How many tickets the filtered list counts (voided ones included), when known. */
  filterTotal: number | null;
}

export const EMPTY_SELECTION: TicketSelection = {
  selected: [],
  clearSelection: () => {},
  filter: null,
  filterLabel: "",
  filterTotal: null,
};

export const TicketSelectionContext = createContext<TicketSelection>(EMPTY_SELECTION);

export function useTicketSelection(): TicketSelection {
  return useContext(TicketSelectionContext);
}

export const selectedTicketOf = (t: Ticket): SelectedTicket => ({
  id: t.ticket_id || t.id,
  ticketNumber: Number(t.last_5_digits),
  controlNumber: t.control_number,
});

/** The filter in words, for the dialog's choice. */
export function describeFilter(filter: ListFilter): string {
  const parts: string[] = [];
  if (filter.search) parts.push(`search '${filter.search}'`);
  if (filter.status !== "all") parts.push(filter.status);
  if (filter.payment)
    parts.push(filter.payment === "gcash" ? "GCash" : filter.payment === "cash" ? "Cash" : filter.payment);
  if (filter.user) parts.push(`created by ${filter.user}`);
  return parts.join(", ");
}
