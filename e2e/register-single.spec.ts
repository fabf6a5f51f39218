// Single Registration (issue 9; SPEC sections 2, 4, 5 and 8), against the production build.
import type { Route } from "@playwright/test";
import { expect, test, watchPage } from "./fixtures";
import { registerPage } from "./register-page";
import { createUnregisteredTickets } from "./seed";
import type { Ticket } from "@/lib/api/tickets";

const FOUND = "Ticket found! You can now enter buyer information.";

test.describe("as an ordinary user", () => {
  test.use({ role: "user" });

  test("registers by last 5 digits: status lines, the button's texts, every message, the result card", async ({
    page,
    adminApi,
  }) => {
    const [ticket] = await createUnregisteredTickets(adminApi, 1);
    const r = registerPage(page);
    await r.open();

    await expect(r.singleSubmit).toHaveText("Search for ticket first");
    await expect(r.singleSubmit).toBeDisabled();
    await expect(r.buyerName).toBeDisabled();
    await expect(r.phone).toBeDisabled();
    await expect(r.email).toBeDisabled();
    await expect(r.address).toBeDisabled();

    // Enter on an empty field: the control number is required.
    await r.controlNumber.press("Enter");
    await expect(r.panel.getByText("Please enter Control Number")).toBeVisible();

    // Under 3 characters: no lookup, no status.
    await r.controlNumber.fill(ticket.last_5_digits.slice(0, 2));
    await expect(r.status).toHaveAttribute("data-status", "idle");
    await expect(r.status).toHaveText("");

    await r.controlNumber.fill(ticket.last_5_digits);
    await expect(r.status).toContainText("Searching for ticket...");
    await expect(r.singleSubmit).toHaveText("Search for ticket first");
    await expect(r.status).toContainText(FOUND);
    await expect(r.status).toContainText(ticket.control_number);
    await expect(r.singleSubmit).toHaveText("Register Ticket");
    await expect(r.buyerName).toBeEnabled();

    // Required fields, then SPEC 5's phone and email rules.
    await r.singleSubmit.click();
    await expect(r.panel.getByText("Please enter Buyer Name")).toBeVisible();
    await expect(r.panel.getByText("Please enter Phone Number")).toBeVisible();
    await r.buyerName.fill("Maria Clara");
    await r.phone.fill("0917123");
    await r.email.fill("maria@");
    await r.singleSubmit.click();
    await expect(r.panel.getByText("Must be a 10-digit number.")).toBeVisible();
    await expect(r.panel.getByText("Enter a valid email.")).toBeVisible();
    await r.phone.fill("1234567890");
    await r.singleSubmit.click();
    await expect(r.panel.getByText("Must start with 9 (e.g., 917...).")).toBeVisible();

    // The phone keeps digits only; the placeholder's 09XX form, typed out, becomes the 10 digits.
    await r.phone.fill("");
    await r.phone.pressSequentially("0917-123-4567x");
    await expect(r.phone).toHaveValue("9171234567");
    await r.email.fill("maria@example.com");
    await r.address.fill("Calamba, Laguna");

    // 'Registering...' while the request is on its way.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/tickets/register/**", async (route) => {
      await held;
      await route.continue();
    });
    await r.singleSubmit.click();
    await expect(r.singleSubmit).toHaveText("Registering...");
    await expect(r.singleSubmit).toBeDisabled();
    release();

    await expect(r.singleResult.getByRole("heading")).toHaveText("Registration Successful!");
    await expect(r.singleResult.getByTestId("result-message")).toHaveText("Ticket registered successfully");
    const fields = [
      ["Ticket ID", ticket.ticket_id],
      ["Control Number", ticket.control_number],
      ["Status", "Registered"],
      ["Last 5 Digits", ticket.last_5_digits],
      ["Buyer Name", "Maria Clara"],
      ["Phone", "+63 9171234567"],
      ["Email", "maria@example.com"],
      ["Address", "Calamba, Laguna"],
    ];
    for (const [label, value] of fields) {
      await expect(
        r.singleResult
          .locator("dl > div")
          .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
          .locator("dd"),
      ).toHaveText(value);
    }

    // Ready for the next buyer: the control number field is empty and has focus.
    await expect(r.controlNumber).toBeFocused();
    await expect(r.controlNumber).toHaveValue("");
    await expect(r.buyerName).toHaveValue("");
    await expect(r.buyerName).toBeDisabled();

    // The same ticket again: locked.
    await r.controlNumber.fill(ticket.last_5_digits);
    await expect(r.status).toContainText("Already registered to: Maria Clara");
    await expect(r.singleSubmit).toHaveText("Already Registered");
    await expect(r.singleSubmit).toBeDisabled();
    await expect(r.buyerName).toBeDisabled();

    const saved = (await (await adminApi.get(`/api/tickets/search/${ticket.control_number}`)).json()) as {
      ticket: Ticket;
    };
    expect(saved.ticket).toMatchObject({
      buyer_name: "Maria Clara",
      phone_number: "9171234567",
      email: "maria@example.com",
      address: "Calamba, Laguna",
      is_registered: true,
    });
  });

  // Lookups not found, failed or registered, and an aborted one: tests/component/register-screen.test.tsx (issue 39).

  test("keyboard only: Enter searches and moves on, Enter registers, focus returns for the next buyer", async ({
    page,
    adminApi,
  }) => {
    const tickets = await createUnregisteredTickets(adminApi, 2);
    const r = registerPage(page);
    await r.open();

    for (const [index, ticket] of tickets.entries()) {
      await r.controlNumber.focus();
      await page.keyboard.type(ticket.last_5_digits);
      await page.keyboard.press("Enter");
      await expect(r.status).toContainText(FOUND);
      await expect(r.buyerName).toBeFocused();
      await page.keyboard.type(`Queue Buyer ${index}`);
      await page.keyboard.press("Tab");
      await expect(r.phone).toBeFocused();
      await page.keyboard.type("09181234567");
      await page.keyboard.press("Enter");
      await expect(r.singleResult.getByRole("heading")).toHaveText("Registration Successful!");
      await expect(r.singleResult).toContainText(ticket.control_number);
      await expect(r.controlNumber).toBeFocused();
    }
  });
});

test.describe("as an admin", () => {
  test.use({ role: "admin" });

  test("registers by full control number", async ({ page, adminApi }) => {
    const [ticket] = await createUnregisteredTickets(adminApi, 1);
    const r = registerPage(page);
    await r.open();
    await r.controlNumber.fill(ticket.control_number);
    await expect(r.status).toContainText(FOUND);
    await r.buyerName.fill("Andres Bonifacio");
    await r.phone.fill("9991234567");
    await r.singleSubmit.click();
    await expect(r.singleResult.getByRole("heading")).toHaveText("Registration Successful!");
    await expect(r.singleResult).toContainText(ticket.control_number);
    await expect(r.singleResult).toContainText("Andres Bonifacio");
    await expect(r.singleResult).toContainText("+63 9991234567");
    await expect(r.singleResult).toContainText("Not provided");
  });

  test("two people register one ticket at the same moment: one succeeds, the other is told who has it", async ({
    page,
    browser,
    app,
    authStates,
    adminApi,
  }) => {
    const [ticket] = await createUnregisteredTickets(adminApi, 1);
    // The second seller: an ordinary user in a browser of their own.
    const context = await browser.newContext({ baseURL: app.url, storageState: authStates.user });
    const other = await context.newPage();
    const problems: string[] = [];
    watchPage(other, problems);

    const sellers = [
      { page, buyer: "First Buyer", phone: "9170000001" },
      { page: other, buyer: "Second Buyer", phone: "9170000002" },
    ];
    for (const seller of sellers) {
      const r = registerPage(seller.page);
      await r.open();
      await r.controlNumber.fill(ticket.last_5_digits);
      await expect(r.status).toContainText(FOUND);
      await r.buyerName.fill(seller.buyer);
      await r.phone.fill(seller.phone);
    }

    // Hold each registration in its browser until both are on their way, then let both go at once.
    let arrived = 0;
    let releaseBoth!: () => void;
    const bothIn = new Promise<void>((resolve) => (releaseBoth = resolve));
    const hold = async (route: Route) => {
      arrived += 1;
      if (arrived === 2) releaseBoth();
      await bothIn;
      await route.continue();
    };
    for (const seller of sellers) await seller.page.route("**/api/tickets/register/**", hold);
    await Promise.all(sellers.map((seller) => registerPage(seller.page).singleSubmit.click()));
    await bothIn;

    const headings = sellers.map((seller) => registerPage(seller.page).singleResult.getByRole("heading"));
    await Promise.all(headings.map((heading) => expect(heading).toHaveText(/^Registration (Successful!|Failed)$/)));
    const texts = await Promise.all(headings.map((heading) => heading.textContent()));
    expect(texts.filter((t) => t === "Registration Successful!")).toHaveLength(1);
    const winner = sellers[texts.indexOf("Registration Successful!")];
    const loser = sellers[texts.indexOf("Registration Failed")];

    const lost = registerPage(loser.page);
    await expect(lost.singleResult.getByTestId("result-message")).toHaveText(`Already registered to: ${winner.buyer}`);
    await expect(loser.page.getByText(`Registration failed: Already registered to: ${winner.buyer}`)).toBeVisible();
    // The loser's screen now knows the ticket is taken.
    await expect(lost.status).toHaveText(`Already registered to: ${winner.buyer}`);
    await expect(lost.singleSubmit).toHaveText("Already Registered");

    const saved = (await (await adminApi.get(`/api/tickets/search/${ticket.control_number}`)).json()) as {
      ticket: Ticket;
    };
    expect(saved.ticket).toMatchObject({ buyer_name: winner.buyer, phone_number: winner.phone, is_registered: true });

    await context.close();
    expect(problems, "errors in the second browser").toEqual([]);
  });
});
