// Helpers for the Tickets Management specs: reaching the screen, waiting for the list, and
// data unique to one test (the tests of a worker share one database).
import { expect, type Locator, type Page } from "@playwright/test";

let counter = 0;

/** A token no other test uses, e.g. for buyer names ("Qx7k3a"). */
export function uniqueToken(prefix = "Q") {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-4)}${counter}${Math.random().toString(36).slice(2, 5)}`;
}

/** A mobile number (10 digits, starting with 9) no other test uses. */
export function uniquePhone() {
  return `9${String(Date.now() % 1e6).padStart(6, "0")}${String(Math.floor(Math.random() * 1000)).padStart(3, "0")}`;
}

export function ticketsList(page: Page): Locator {
  // Inside <main>: React 19 reveals streamed content in batches, so just after the load event a
  // hidden copy of the page may still sit at the end of <body> for a moment.
  return page.getByRole("main").getByTestId("tickets-list");
}

/** Waits until the list shows the answer for the current URL (not a previous page kept on screen). */
export async function waitForList(page: Page) {
  await expect(ticketsList(page)).toHaveAttribute("aria-busy", "false");
}

export async function gotoTickets(page: Page, query = "") {
  await page.goto(`/dashboard/tickets${query}`);
  await waitForList(page);
}

/** The table rows (or cards) shown now. */
export function rows(page: Page): Locator {
  return page.locator("[data-testid=ticket-row], [data-testid=ticket-card]");
}

export function rowOf(page: Page, controlNumber: string): Locator {
  return page.locator(`[data-control-number="${controlNumber}"]`);
}

export async function shownControlNumbers(page: Page): Promise<string[]> {
  return rows(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-control-number") ?? ""));
}

/** Types into the search box and waits for the debounced search to be answered. */
export async function search(page: Page, term: string) {
  await page.getByLabel("Search tickets").fill(term);
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(term.trim() || null);
  await waitForList(page);
}

/** Picks a filter option by its label (or `{ value }`) and waits for the filtered list. */
export async function chooseFilter(
  page: Page,
  filter: "Status filter" | "Payment method filter" | "Creator filter",
  option: string | { value: string },
) {
  await page.getByLabel(filter).selectOption(typeof option === "string" ? { label: option } : option);
  await waitForList(page);
}

export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator("[data-sonner-toast]").filter({ hasText: text });
}
