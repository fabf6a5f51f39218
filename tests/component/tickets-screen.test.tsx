// Tickets Management's failure and empty states (issue 39: moved from e2e/tickets-list.spec.ts,
// where each was a page load checking toasts, texts and which rows and buttons show): a failed
// delete, a row without an id, no tickets, no match, and a failed load. The screen starts from the
// page and stats the server rendered it with, as app/dashboard/tickets/page.tsx passes them.
// Searching, filters, paging, the URL, the views and a real delete stay in that spec; the screen's
// axe scans and fit in tickets-a11y.spec.ts and a11y-states.spec.ts. Delete's Void Instead for a
// sold ticket (moved from e2e/sales-truth.spec.ts; voiding for real stays there).
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { Ticket } from "@/lib/api/tickets";
import { apiTicket, registeredTicket } from "./api-data";
import { findToast, refusal, stubApi } from "./render";
import { openFromRow, pageOf, renderTickets, rowOf, shownRows, statsOf, TICKETS_SCREEN_READS } from "./tickets-render";

/** Types into the search box and waits for the list to show the search's answer (e2e/tickets-page.ts' `search`). */
async function search(term: string) {
  await userEvent.type(screen.getByRole("searchbox", { name: "Search tickets" }), term);
  await waitFor(() => expect(screen.getByTestId("tickets-list").dataset.search).toBe(term));
}

async function deleteFromRow(controlNumber: string) {
  const confirm = await openFromRow(controlNumber, "Delete");
  await userEvent.click(within(confirm).getByRole("button", { name: "Delete Ticket" }));
}

describe("Tickets Management", () => {
  it("a failed delete says why; a ticket without an id cannot be deleted", async () => {
    const gone = registeredTicket("Gone Buyer");
    const other = registeredTicket("Idless Buyer");
    // Someone else deleted `gone` after the page was rendered: the server no longer lists it.
    const api = stubApi([
      [
        /^\/api\/tickets\/search\?/,
        (url) => pageOf(url.searchParams.get("search") ? [{ ...other, ticket_id: "", id: "" }] : [other]),
      ],
      [/^\/api\/tickets\/stats$/, { json: { success: true, ...statsOf([other]) } }],
      [new RegExp(`^/api/tickets/${gone.ticket_id}$`), refusal(404, "not_found", "Ticket not found")],
      ...TICKETS_SCREEN_READS,
    ]);
    renderTickets("", { tickets: [gone, other] });
    await deleteFromRow(gone.control_number);
    await findToast("Failed to delete ticket: Ticket not found");
    // The lists are read again whatever the answer: the ticket is gone from the list.
    await waitFor(() => expect(rowOf(gone.control_number)).toBeNull());

    // A row that came without ticket_id/id (an older or foreign answer), found by a search in the box.
    await search(other.control_number);
    await deleteFromRow(other.control_number);
    await findToast("Cannot delete ticket: No valid ticket ID found");
    // Nothing was asked of the server for it: the one DELETE is the first ticket's.
    expect(api.seen.filter((request) => request.startsWith("DELETE "))).toEqual([
      `DELETE /api/tickets/${gone.ticket_id}`,
    ]);
    expect(api.unknown).toEqual([]);
  });

  it(
    "with no tickets shows 'No tickets found' and 'Generate Your First Ticket'; a search with no " +
      "match offers Clear Filters",
    async () => {
      const shown = apiTicket();
      let listed: Ticket[] = [];
      const api = stubApi([
        [/^\/api\/tickets\/search\?/, (url) => pageOf(url.searchParams.get("search") ? [] : listed)],
        [/^\/api\/tickets\/stats$/, () => ({ json: { success: true, ...statsOf(listed) } })],
        ...TICKETS_SCREEN_READS,
      ]);
      // The first page came with the HTML; Refresh All asks the API again, which now has no tickets.
      const first = renderTickets("", { tickets: [shown] });
      await userEvent.click(screen.getByRole("button", { name: "Refresh All" }));
      expect(await screen.findByText("No tickets found")).toBeTruthy();
      await userEvent.click(screen.getByRole("button", { name: "Generate Your First Ticket" }));
      expect(await screen.findByRole("dialog", { name: "Generate Ticket" }, { timeout: 5_000 })).toBeTruthy();
      await userEvent.keyboard("{Escape}");
      first.unmount();

      // A new load of a search that matches nothing (the server rendered it empty).
      listed = [shown];
      renderTickets("?q=nomatch", { tickets: [] });
      expect(screen.getByText("No tickets found")).toBeTruthy();
      expect(screen.queryByRole("button", { name: "Generate Your First Ticket" })).toBeNull();
      const clearButtons = screen.getAllByRole("button", { name: "Clear Filters" });
      await userEvent.click(clearButtons[clearButtons.length - 1]);
      await waitFor(() => expect(rowOf(shown.control_number)).not.toBeNull());
      expect(shownRows()[0]).toBe(rowOf(shown.control_number));
      expect(api.unknown).toEqual([]);
    },
  );

  it("a load failure says 'Failed to load tickets: {message}' and empties the list and the stats", async () => {
    const ticket = registeredTicket("Listed Buyer");
    const api = stubApi([
      [/^\/api\/tickets\/search\?/, refusal(503, "unavailable", "Database is unavailable")],
      // The counts answer: the emptied cards are the list's failure, not theirs.
      [/^\/api\/tickets\/stats$/, { json: { success: true, ...statsOf([ticket]) } }],
      ...TICKETS_SCREEN_READS,
    ]);
    renderTickets("", { tickets: [ticket] });
    expect(shownRows()).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: "Refresh All" }));
    await findToast("Failed to load tickets: Database is unavailable");
    expect(shownRows()).toHaveLength(0);
    expect(screen.getByTestId("stat-total-tickets").textContent).toBe("0");
    expect(screen.getByTestId("stat-total-revenue").textContent).toBe("₱0.00");
    // Asked twice (the one retry for a 5xx), then said.
    expect(api.seen.filter((request) => request.startsWith("GET /api/tickets/search?"))).toHaveLength(2);
    expect(api.unknown).toEqual([]);
  });

  it("Delete offers Void Instead for a sold ticket and says the difference", async () => {
    const sold = registeredTicket("Keep Buyer");
    const api = stubApi([...TICKETS_SCREEN_READS]);
    renderTickets(`?q=${sold.control_number}`, { tickets: [sold] });
    const confirm = await openFromRow(sold.control_number, "Delete");
    expect(screen.getByRole("alertdialog", { name: "Delete ticket?" })).toBe(confirm);
    expect(within(confirm).getByTestId("void-instead-note").textContent).toContain("voiding it keeps the number");
    await userEvent.click(within(confirm).getByRole("button", { name: "Void Instead" }), { delay: null });
    expect(
      await screen.findByRole("dialog", { name: `Void ticket ${sold.control_number}?` }, { timeout: 5_000 }),
    ).toBeTruthy();
    // Nothing was deleted.
    expect(api.seen.filter((request) => request.startsWith("DELETE "))).toEqual([]);
    expect(api.unknown).toEqual([]);
  });
});
