// Tickets Management as app/dashboard/tickets/page.tsx renders it for an administrator: the screen
// started from the page and stats the server read, inside the dashboard shell's ticket extensions
// (Send via Email and the attachments panel in Ticket Details, components/dashboard/dashboard-shell.tsx).
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll } from "vitest";
import { loadTicketDialogs } from "@/components/tickets/lazy-dialogs";
import { loadTicketFilters, toSearchParams } from "@/components/tickets/ticket-filter-params";
import { TicketFilesExtensions } from "@/components/tickets/ticket-files-extensions";
import { TicketsScreen } from "@/components/tickets/tickets-screen";
import type { Ticket, TicketStats } from "@/lib/api/tickets";
import { ADMIN_EMAIL, ADMIN_SETTINGS, RAFFLE_SELLING } from "./api-data";
import { renderScreen, type StubAnswer } from "./render";

// Tickets Management fetches its dialogs' code 1.5 s after it is shown (preloadTicketDialogs; happy-dom
// has no requestIdleCallback). A file whose last test ended while that fetch was under way failed
// with "Cannot load … after the environment was torn down" (a fresh-clone CI, session 21): every
// file rendering the screen loads that code before it ends, so a late preload finds it loaded.
afterAll(() => loadTicketDialogs());

/** GET /api/tickets/search's answer listing `tickets`. */
export const pageOf = (tickets: Ticket[]): StubAnswer => ({ json: { success: true, tickets, total: tickets.length } });

/** The counts GET /api/tickets/stats gives for `tickets`. */
export const statsOf = (tickets: Ticket[]): TicketStats => ({
  total: tickets.length,
  registered_count: tickets.filter((t) => t.is_registered).length,
  unregistered_count: tickets.filter((t) => !t.is_registered).length,
  revenue: tickets.reduce((sum, t) => sum + (t.is_registered ? t.amount : 0), 0),
});

/** The screen's other reads: the creators filter, the settings (time zone; the dialogs' price), the raffle. */
export const TICKETS_SCREEN_READS = [
  [/^\/api\/tickets\/creators$/, { json: { success: true, creators: [] } }],
  [/^\/api\/settings$/, { json: { success: true, settings: ADMIN_SETTINGS } }],
  RAFFLE_SELLING,
] as const;

/**
 * Tickets Management at `/dashboard/tickets{query}`, rendered with the page the server read for it and its stats
 * (`statsOf` the page's tickets unless given).
 */
export function renderTickets(query: string, server: { tickets: Ticket[]; stats?: TicketStats }) {
  const params = toSearchParams(loadTicketFilters(Object.fromEntries(new URLSearchParams(query))));
  return renderScreen(
    <TicketFilesExtensions isAdmin>
      <TicketsScreen
        currentUserEmail={ADMIN_EMAIL}
        initialData={{
          params,
          page: { tickets: server.tickets, total: server.tickets.length },
          stats: server.stats ?? statsOf(server.tickets),
          renderedAt: Date.now(),
        }}
      />
    </TicketFilesExtensions>,
    { url: `/dashboard/tickets${query}` },
  );
}

export const rowOf = (controlNumber: string) =>
  document.querySelector<HTMLElement>(`[data-control-number="${controlNumber}"]`);
export const shownRows = () => document.querySelectorAll("[data-testid=ticket-row], [data-testid=ticket-card]");

/**
 * Presses a row's button (`View details of {control number}`, `Edit …`, `Delete …`) and returns the dialog it opens,
 * once its code has loaded (the dialogs load on first use: components/tickets/lazy-dialogs.tsx).
 */
export async function openFromRow(controlNumber: string, action: "View details of" | "Edit" | "Delete") {
  const row = rowOf(controlNumber);
  if (!row) throw new Error(`no row for ${controlNumber}`);
  await userEvent.click(within(row).getByRole("button", { name: `${action} ${controlNumber}` }));
  return screen.findByRole(action === "Delete" ? "alertdialog" : "dialog", {}, { timeout: 5_000 });
}
