// The registration screen on a phone (375 × 740) and for screen readers: no horizontal
// scrolling, the right keyboards, and no axe violation (WCAG 2.2 AA, any impact) in either tab,
// light and dark (issue 9).
import type { Locator, Page } from "@playwright/test";
import { expectNoA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { setTheme } from "./helpers";
import { registerPage } from "./register-page";
import { createUnregisteredTickets, registerTicket } from "./seed";

const PHONE = { width: 375, height: 740 };

async function expectNoHorizontalScroll(page: Page) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(widths.scroll, "page wider than the screen").toBeLessThanOrEqual(widths.client);
}

async function expectWithinScreen(locators: Locator[]) {
  for (const locator of locators) {
    await locator.scrollIntoViewIfNeeded();
    const box = await locator.boundingBox();
    expect(box, `${locator} is shown`).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${locator} fits the screen`).toBeLessThanOrEqual(PHONE.width);
  }
}

test.describe("on a phone", () => {
  test.use({ role: "user", viewport: PHONE });

  test("both tabs fit 375 px, with the right keyboards", async ({ page, adminApi }) => {
    const tickets = await createUnregisteredTickets(adminApi, 2);
    const r = registerPage(page);
    await r.open();
    await expect(page.getByRole("tab", { name: "Multiple Registration" })).toBeVisible();
    await expectWithinScreen([
      page.getByRole("tab", { name: "Single Registration" }),
      page.getByRole("tab", { name: "Multiple Registration" }),
    ]);

    await r.controlNumber.fill(tickets[0].last_5_digits);
    await expect(r.status).toContainText("Ticket found!");
    await expectWithinScreen([r.controlNumber, r.status, r.buyerName, r.phone, r.email, r.address, r.singleSubmit]);
    await expectNoHorizontalScroll(page);
    await expect(r.phone).toHaveAttribute("inputmode", "numeric");
    await expect(r.phone).toHaveAttribute("type", "tel");
    await expect(r.email).toHaveAttribute("type", "email");
    await r.buyerName.fill("Phone Buyer");
    await r.phone.fill("09170001111");
    await r.singleSubmit.click();
    await expect(r.singleResult.getByRole("heading")).toHaveText("Registration Successful!");
    await expectWithinScreen([r.singleResult]);
    await expectNoHorizontalScroll(page);
    await expect(r.controlNumber).toBeFocused();

    await page.getByRole("tab", { name: "Multiple Registration" }).click();
    await r.panel.getByRole("button", { name: "Load All" }).click();
    await expect(r.rows.first()).toBeVisible();
    await r.row(tickets[1].control_number).click();
    await expectWithinScreen([
      r.buyerName,
      r.phone,
      r.email,
      r.address,
      r.search,
      r.addInput,
      r.addButton,
      r.rows.first(),
      r.multipleSubmit,
    ]);
    await expect(r.phone).toHaveAttribute("inputmode", "numeric");
    await expect(r.email).toHaveAttribute("type", "email");
    await expectNoHorizontalScroll(page);
    // The list scrolls inside its own box, at most 96 units (24rem) high.
    const listHeight = await r.panel
      .getByRole("list", { name: "Unregistered tickets" })
      .evaluate((el) => el.getBoundingClientRect().height);
    expect(listHeight).toBeLessThanOrEqual(384);
  });
});

for (const theme of ["light", "dark"] as const) {
  test.describe(`axe, ${theme}`, () => {
    test.use({ role: "user" });

    test(`Single Registration has no axe violation (${theme})`, async ({ page, adminApi }) => {
      const [ticket] = await createUnregisteredTickets(adminApi, 1);
      await setTheme(page, theme);
      const r = registerPage(page);
      await r.open();
      await expectNoA11yViolations(page, { label: "single, empty" });

      await r.controlNumber.fill(ticket.last_5_digits);
      await expect(r.status).toContainText("Ticket found!");
      await r.singleSubmit.click();
      await expect(r.panel.getByText("Please enter Buyer Name")).toBeVisible();
      await expectNoA11yViolations(page, { label: "single, found with messages" });

      await r.buyerName.fill("Axe Buyer");
      await r.phone.fill("9170002222");
      await r.singleSubmit.click();
      await expect(r.singleResult.getByRole("heading")).toHaveText("Registration Successful!");
      await r.controlNumber.fill(ticket.last_5_digits);
      await expect(r.status).toContainText("Already registered to: Axe Buyer");
      await expectNoA11yViolations(page, { label: "single, result and locked" });
    });

    test(`Multiple Registration has no axe violation (${theme})`, async ({ page, adminApi }) => {
      const tickets = (await createUnregisteredTickets(adminApi, 3)).sort((a, b) => b.ticket_number - a.ticket_number);
      await setTheme(page, theme);
      const r = registerPage(page);
      await r.open("multiple");
      await expectNoA11yViolations(page, { label: "multiple, empty" });

      await r.panel.getByRole("button", { name: "Load All" }).click();
      await r.row(tickets[0].control_number).click();
      await r.row(tickets[2].control_number).click();
      // A selected ticket someone else registers meanwhile: the red badge, in the list and the selection.
      await registerTicket(adminApi, tickets[0].control_number, {
        buyerName: "Other Seller",
        phoneNumber: "9170004444",
      });
      await r.panel.getByRole("button", { name: "Refresh" }).click();
      await expect(r.row(tickets[0].control_number).getByText("Registered", { exact: true })).toBeVisible();
      await r.addInput.fill("NOPE-000-00000");
      await r.addButton.click();
      await expect(r.addProblem).toHaveText("Ticket not found with the provided control number");
      await expectNoA11yViolations(page, { label: "multiple, list and selection" });

      await r.buyerName.fill("Axe Group");
      await r.phone.fill("9170003333");
      await r.multipleSubmit.click();
      await expect(r.multipleResult.getByRole("heading", { level: 2 })).toHaveText("Registration Successful!");
      await expectNoA11yViolations(page, { label: "multiple, result" });
    });
  });
}
