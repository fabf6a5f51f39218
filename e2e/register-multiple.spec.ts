// Multiple Registration (issue 9; SPEC sections 2, 4, 5 and 8), against the production build.
import { expect, test } from "./fixtures";
import { chooseTab } from "./helpers";
import { registerPage } from "./register-page";
import { createUnregisteredTickets, generateTickets, registerTicket } from "./seed";
import type { Ticket } from "@/lib/api/tickets";

const PAGE_SIZE = 20;

async function unregisteredTotal(api: import("@playwright/test").APIRequestContext) {
  const answer = (await (await api.get("/api/tickets/unregistered?limit=1")).json()) as { total: number };
  return answer.total;
}

test.describe("as an ordinary user", () => {
  test.use({ role: "user" });

  test(
    "search, Load All, paging, selection across pages; a ticket registered by someone else meanwhile " +
      "is an error line",
    async ({ page, adminApi, userApi }) => {
      // Newest first: these 25 fill page 1 (the 20 highest numbers) and the top of page 2.
      const ours = (await createUnregisteredTickets(adminApi, 25)).sort((a, b) => b.ticket_number - a.ticket_number);
      const total = await unregisteredTotal(userApi);
      const pages = Math.ceil(total / PAGE_SIZE);
      const r = registerPage(page);
      await r.open("multiple");

      // Empty until a search or Load All; the button explains itself.
      await expect(r.panel.getByText("Search for Tickets")).toBeVisible();
      await expect(r.rows).toHaveCount(0);
      await expect(r.multipleSubmit).toHaveText("Register 0 Ticket(s)");
      await expect(r.multipleSubmit).toBeDisabled();
      await expect(r.missing).toContainText("Please select at least one ticket");
      await expect(r.missing).toContainText("Please enter Buyer Name");
      await expect(r.missing).toContainText("Please enter Phone Number");

      await r.panel.getByRole("button", { name: "Load All" }).click();
      await expect(r.rows).toHaveCount(PAGE_SIZE);
      await expect(r.rows.first()).toContainText(ours[0].control_number);
      await expect(r.rows.first()).toContainText(ours[0].last_5_digits);
      await expect(r.rows.first()).toContainText("Cash");
      await expect(r.rows.first()).toContainText("₱50.00");
      await expect(r.panel.getByText(`Page 1 of ${pages} (${total.toLocaleString("en-US")} total)`)).toBeVisible();
      await expect(r.panel.getByRole("button", { name: "Refresh" })).toBeVisible();
      await expect(r.panel.getByRole("button", { name: "Previous" })).toBeDisabled();

      // Select on page 1, then on page 2 (by keyboard), and the first stays selected.
      await r.row(ours[0].control_number).click();
      await expect(r.row(ours[0].control_number)).toHaveAttribute("aria-pressed", "true");
      await r.panel.getByRole("button", { name: "Next" }).click();
      await expect(r.panel.getByText(`Page 2 of ${pages} (${total.toLocaleString("en-US")} total)`)).toBeVisible();
      await r.row(ours[22].control_number).focus();
      await page.keyboard.press("Space");
      await expect(r.row(ours[22].control_number)).toHaveAttribute("aria-pressed", "true");
      await r.panel.getByRole("button", { name: "Previous" }).click();
      await expect(r.row(ours[0].control_number)).toHaveAttribute("aria-pressed", "true");

      // A search (debounced) starts on page 1 and keeps the selection; a click toggles in and out.
      await r.search.fill(ours[10].control_number);
      await expect(r.rows).toHaveCount(1);
      await expect(r.rows.first()).toContainText(ours[10].control_number);
      await r.rows.first().click();
      await r.rows.first().click();
      await expect(r.rows.first()).toHaveAttribute("aria-pressed", "false");
      await r.rows.first().click();
      await expect(r.selectedCount).toHaveText("Selected Tickets (3)");
      await expect(r.selectedTickets).toHaveCount(3);

      // A search with no match, and its Refresh Search.
      await r.search.fill("NO-SUCH-TICKET");
      await expect(r.panel.getByText("No unregistered tickets found")).toBeVisible();
      await r.panel.getByRole("button", { name: "Refresh Search" }).click();
      await expect(r.panel.getByText("No unregistered tickets found")).toBeVisible();

      // Load All clears the search.
      await r.panel.getByRole("button", { name: "Load All" }).click();
      await expect(r.search).toHaveValue("");
      await expect(r.rows).toHaveCount(PAGE_SIZE);

      // A selected ticket can be removed from the selection list, and put back.
      await r.panel.getByRole("button", { name: `Remove ${ours[0].control_number}` }).click();
      await expect(r.selectedCount).toHaveText("Selected Tickets (2)");
      await expect(r.row(ours[0].control_number)).toHaveAttribute("aria-pressed", "false");
      await r.row(ours[0].control_number).click();

      // Someone else registers one of the selected tickets before this seller submits.
      await registerTicket(adminApi, ours[22].control_number, { buyerName: "Quick Other", phoneNumber: "9170000009" });

      await r.buyerName.fill("Gabriela Silang");
      await expect(r.multipleSubmit).toBeDisabled();
      await r.phone.fill("09171112222");
      await expect(r.missing).toHaveCount(0);
      await expect(r.multipleSubmit).toHaveText("Register 3 Ticket(s)");
      await r.multipleSubmit.click();

      const result = r.multipleResult;
      await expect(result.getByRole("heading", { level: 2 })).toHaveText("Registration Successful!");
      await expect(result.getByTestId("result-message")).toHaveText("Successfully registered 2 tickets");
      await expect(result.getByTestId("count-requested")).toHaveText("3");
      await expect(result.getByTestId("count-registered")).toHaveText("2");
      await expect(result.getByTestId("count-errors")).toHaveText("1");
      await expect(result.getByTestId("registered-tickets").getByRole("listitem")).toHaveCount(2);
      await expect(result.getByTestId("registered-tickets")).toContainText(ours[0].control_number);
      await expect(result.getByTestId("registered-tickets")).toContainText(ours[10].control_number);
      await expect(result.getByTestId("registration-errors").getByRole("listitem")).toHaveText([
        `Ticket ${ours[22].control_number}: Already registered to: Quick Other`,
      ]);
      await expect(result.getByRole("heading", { level: 2 })).toBeFocused();

      // The selection and the form are cleared; the registered tickets left the list.
      await expect(r.selectedCount).toHaveText("Selected Tickets (0)");
      await expect(r.buyerName).toHaveValue("");
      await expect(r.row(ours[0].control_number)).toHaveCount(0);
      await expect(r.row(ours[10].control_number)).toHaveCount(0);

      for (const [ticket, buyer] of [
        [ours[0], "Gabriela Silang"],
        [ours[10], "Gabriela Silang"],
        [ours[22], "Quick Other"],
      ] as const) {
        const saved = (await (await adminApi.get(`/api/tickets/search/${ticket.control_number}`)).json()) as {
          ticket: Ticket;
        };
        expect(saved.ticket.buyer_name).toBe(buyer);
      }
    },
  );

  test(
    "a listed ticket registered meanwhile shows a red 'Registered' badge with the buyer and cannot " + "be selected",
    async ({ page, adminApi }) => {
      const ours = (await createUnregisteredTickets(adminApi, 3)).sort((a, b) => b.ticket_number - a.ticket_number);
      const r = registerPage(page);
      await r.open("multiple");
      await r.panel.getByRole("button", { name: "Load All" }).click();
      await expect(r.rows.first()).toContainText(ours[0].control_number);
      await r.row(ours[1].control_number).click();
      await expect(r.selectedCount).toHaveText("Selected Tickets (1)");

      await registerTicket(adminApi, ours[1].control_number, {
        buyerName: "Meanwhile Buyer",
        phoneNumber: "9170000010",
      });
      await r.panel.getByRole("button", { name: "Refresh" }).click();

      const row = r.row(ours[1].control_number);
      await expect(row.getByText("Registered", { exact: true })).toBeVisible();
      await expect(row).toContainText("Meanwhile Buyer");
      await expect(row).toBeDisabled();
      // It keeps its place between its neighbours.
      await expect(r.rows.nth(1)).toContainText(ours[1].control_number);
      // Still in the selection, marked, so the seller sees it before submitting.
      await expect(
        r.selectedTickets.filter({ hasText: ours[1].control_number }).getByText("Registered", { exact: true }),
      ).toBeVisible();
    },
  );

  // The list's load failure toast: tests/component/register-screen.test.tsx (issue 39).
});

test.describe("as an admin", () => {
  test.use({ role: "admin" });

  test("add by control number: each message, then register the added tickets", async ({ page, adminApi }) => {
    const [taken] = await generateTickets(adminApi, { buyer_name: "Taken Buyer" });
    const free = await createUnregisteredTickets(adminApi, 2);
    const r = registerPage(page);
    await r.open("multiple");

    await r.addInput.fill("   ");
    await r.addInput.press("Enter");
    await expect(r.addProblem).toHaveText("Please enter a control number");

    await r.addInput.fill(taken.control_number);
    await r.addButton.click();
    await expect(r.addProblem).toHaveText("Ticket already registered to: Taken Buyer");

    await r.addInput.fill(` ${free[0].control_number} `);
    await r.addInput.press("Enter");
    await expect(page.getByText(`Ticket ${free[0].control_number} added to selection`)).toBeVisible();
    await expect(r.addInput).toHaveValue("");
    await expect(r.addProblem).toHaveText("");
    await expect(r.selectedCount).toHaveText("Selected Tickets (1)");

    // The same ticket by its last 5 digits is still a duplicate.
    await r.addInput.fill(free[0].last_5_digits);
    await r.addButton.click();
    await expect(r.addProblem).toHaveText("Ticket is already selected for registration");

    await r.addInput.fill("NOPE-000-00000");
    await r.addButton.click();
    await expect(r.addProblem).toHaveText("Ticket not found with the provided control number");

    await page.route("**/api/tickets/search/**", (route) =>
      route.fulfill({ status: 500, json: { success: false, code: "internal", message: "boom" } }),
    );
    await r.addInput.fill(free[1].control_number);
    await r.addButton.click();
    await expect(r.addProblem).toHaveText("Failed to search for ticket. Please try again.");
    await page.unroute("**/api/tickets/search/**");
    await r.addButton.click();
    await expect(r.selectedCount).toHaveText("Selected Tickets (2)");
    // A problem line from an earlier try does not outlive the registration that follows.
    await r.addInput.fill("");
    await r.addButton.click();
    await expect(r.addProblem).toHaveText("Please enter a control number");

    await r.buyerName.fill("Apolinario Mabini");
    await r.phone.fill("9223334444");
    await r.email.fill("mabini@example.com");
    await r.multipleSubmit.click();
    await expect(r.multipleResult.getByRole("heading", { level: 2 })).toHaveText("Registration Successful!");
    await expect(r.multipleResult.getByTestId("count-requested")).toHaveText("2");
    await expect(r.multipleResult.getByTestId("count-registered")).toHaveText("2");
    await expect(r.multipleResult.getByTestId("count-errors")).toHaveText("0");
    await expect(r.multipleResult.getByTestId("registration-errors")).toHaveCount(0);
    await expect(r.addProblem).toHaveText("");
  });

  // Nothing registered ('Registration Failed' and its toast): tests/component/register-screen.test.tsx (issue 39).
});

test.describe("its code", () => {
  test.use({ role: "user" });

  test(
    "the Multiple tab's code arrives when the tab is pointed at or chosen, and what was typed " + "survives a switch",
    async ({ page }) => {
      // Decision 185: the Single tab opens; the Multiple tab is not in the first load.
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(request.url());
      });
      const r = registerPage(page);
      await r.open("single");
      await page.waitForLoadState("networkidle");
      const loaded = scripts.length;
      const tab = page.getByRole("tab", { name: "Multiple Registration" });
      await tab.hover();
      await expect
        .poll(() => scripts.length, { message: "pointing at the tab fetches its code" })
        .toBeGreaterThan(loaded);
      await chooseTab(page, "Multiple Registration");
      await expect(r.panel.getByText("Search for Tickets")).toBeVisible();
      await r.buyerName.fill("Gregoria de Jesus");
      // The arrow keys move along the tabs (automatic activation), and the Multiple tab keeps its buyer.
      await tab.focus();
      await page.keyboard.press("ArrowLeft");
      await expect(page.getByRole("tab", { name: "Single Registration" })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByRole("tab", { name: "Single Registration" })).toBeFocused();
      await page.keyboard.press("End");
      await expect(tab).toHaveAttribute("aria-selected", "true");
      await expect(r.buyerName).toHaveValue("Gregoria de Jesus");
    },
  );
});
