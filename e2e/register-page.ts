// Locators of /dashboard/register shared by the registration specs. Both tabs stay mounted (the
// inactive one hidden), so everything is looked up inside the visible tab panel.
import type { Page } from "@playwright/test";

export function registerPage(page: Page) {
  const panel = page.getByRole("tabpanel");
  return {
    panel,
    async open(tab: "single" | "multiple" = "single") {
      await page.goto(tab === "single" ? "/dashboard/register" : "/dashboard/register?tab=multiple");
      await panel.waitFor();
    },
    // Single Registration
    controlNumber: panel.getByLabel("Control Number or Last 5 Digits"),
    status: panel.getByTestId("lookup-status"),
    buyerName: panel.getByLabel("Buyer Name"),
    phone: panel.getByLabel("Phone Number"),
    email: panel.getByLabel("Email"),
    address: panel.getByLabel("Address"),
    singleSubmit: panel.locator('form[aria-label="Single registration"] button[type="submit"]'),
    singleResult: panel.getByTestId("single-result"),
    // Multiple Registration
    search: panel.getByLabel("Search unregistered tickets"),
    addInput: panel.getByLabel("Add Ticket by Control Number"),
    addButton: panel.getByRole("button", { name: "Add ticket to selection" }),
    addProblem: panel.getByTestId("add-ticket-problem"),
    rows: panel.getByTestId("unregistered-row"),
    row: (controlNumber: string) => panel.getByTestId("unregistered-row").filter({ hasText: controlNumber }),
    selectedCount: panel.getByTestId("selected-count"),
    selectedTickets: panel.getByTestId("selected-ticket"),
    multipleSubmit: panel.getByRole("button", { name: /^Register \d+ Ticket\(s\)$|^Registering\.\.\.$/ }),
    missing: panel.getByTestId("register-missing"),
    multipleResult: panel.getByTestId("multiple-result"),
  };
}
