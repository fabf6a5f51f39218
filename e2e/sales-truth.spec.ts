// Sales truth (issue 19) as an organiser meets it: a GCash sale's reference is kept, shown,
// searchable and exported, and cannot be typed again for another buyer; a void takes a sold
// ticket out (badge, figures, the Voided Numbers report).
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { registerPage } from "./register-page";
import { createUnregisteredTickets, generateTickets } from "./seed";
import { peso, statValue } from "./stats-pages";
import { gotoTickets, rowOf, toast, uniquePhone, uniqueToken, waitForList } from "./tickets-page";

test.use({ role: "admin" });

/** A fresh 13-digit GCash reference, as the receipt prints it ("1001 543 610110"). */
function newReference() {
  const digits = String(Date.now()).padStart(13, "1").slice(-13);
  return { digits, printed: `${digits.slice(0, 4)} ${digits.slice(4, 7)} ${digits.slice(7)}` };
}

async function findTicket(page: Page, controlNumber: string) {
  const r = registerPage(page);
  await r.controlNumber.fill(controlNumber);
  await r.controlNumber.press("Enter");
  await expect(r.status).toContainText("Ticket found!");
  return r;
}

async function totalRevenue(page: Page): Promise<number> {
  await page.goto("/dashboard");
  const value = statValue(page, "Total Revenue");
  await expect(value).toHaveText(/^₱[\d,]+\.\d{2}$/);
  return Number((await value.innerText()).replace(/[₱,]/g, ""));
}

test(
  "a GCash sale keeps its reference: shown in Details, found by search, exported, and refused for " + "another buyer",
  async ({ page, adminApi }) => {
    test.slow();
    const [first, second] = await createUnregisteredTickets(adminApi, 2);
    const reference = newReference();

    const r = registerPage(page);
    await r.open();
    await findTicket(page, first.control_number);
    await r.buyerName.fill(uniqueToken("Gcash Buyer "));
    await r.phone.fill(uniquePhone());
    await r.panel.getByRole("radio", { name: "GCash" }).check();
    const referenceField = r.panel.getByLabel("GCash Reference");
    // The screen's rule: 13 digits, said in the field's message.
    await referenceField.fill("1001 543 61011");
    await r.singleSubmit.click();
    await expect(r.panel.getByText("A GCash reference is 13 digits (e.g. 1001 543 610110)")).toBeVisible();
    await expectNoA11yViolations(page, { include: "main", label: "register with a payment error" });
    await referenceField.fill(reference.printed);
    await r.singleSubmit.click();
    await expect(r.singleResult).toContainText("Registration Successful!");

    // The same reference for another buyer: the 409 lands on the reference field, nothing registers.
    await findTicket(page, second.control_number);
    await r.buyerName.fill(uniqueToken("Other Buyer "));
    await r.phone.fill(uniquePhone());
    await r.panel.getByRole("radio", { name: "GCash" }).check();
    await r.panel.getByLabel("GCash Reference").fill(reference.digits);
    await r.singleSubmit.click();
    const clash = r.panel.getByText(
      new RegExp(
        `^Reference ${reference.digits} was already used for ${first.control_number} \\(registered ` +
          `\\d{4}-\\d{2}-\\d{2} by .+\\)$`,
      ),
    );
    await expect(clash).toBeVisible();
    await expect(r.panel.getByLabel("GCash Reference")).toHaveAttribute("aria-invalid", "true");

    // Tickets Management finds the sale by its reference, however it is spaced, and shows it.
    await gotoTickets(page, `?q=${encodeURIComponent(reference.printed)}`);
    await expect(rowOf(page, first.control_number)).toBeVisible();
    await expect(rowOf(page, second.control_number)).toHaveCount(0);
    await rowOf(page, first.control_number)
      .getByRole("button", { name: `View details of ${first.control_number}` })
      .click();
    const details = page.getByRole("dialog", { name: "Ticket Details" });
    await expect(details.getByTestId("details-payment-reference")).toHaveText(reference.digits);
    await expect(details.getByRole("button", { name: "Copy payment reference" })).toBeVisible();
    await page.keyboard.press("Escape");

    // The export carries it, as it was typed, after the template's columns.
    await gotoTickets(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export CSV" }).click(),
    ]);
    const csv = await readFile((await download.path())!, "utf8");
    const [header, ...lines] = csv.replace(/^\uFEFF/, "").split(/\r?\n/);
    expect(header).toContain("Payment Reference");
    expect(lines.find((line) => line.includes(first.control_number))).toContain(`,${reference.printed},`);
  },
);

test(
  "voiding a sold ticket from the table: the Void badge, the revenue drops by its price, the report " +
    "lists it, Unvoid takes it back",
  async ({ page, adminApi }) => {
    // Three screens and two axe scans.
    test.slow();
    const [sold] = await generateTickets(adminApi, {
      buyer_name: uniqueToken("Void Buyer "),
      phone_number: uniquePhone(),
      payment_method: "cash",
    });
    const before = await totalRevenue(page);

    await gotoTickets(page, `?q=${sold.control_number}`);
    await rowOf(page, sold.control_number)
      .getByRole("button", { name: `Void ${sold.control_number}` })
      .click();
    const dialog = page.getByRole("dialog", { name: `Void ticket ${sold.control_number}?` });
    await expect(dialog).toContainText("leaves every sales figure");
    // Other needs a note of 10 characters: the form says so before anything is sent.
    await dialog.getByRole("combobox", { name: "Reason" }).click();
    await page.getByRole("option", { name: "Other" }).click();
    await dialog.getByRole("button", { name: "Void Ticket" }).click();
    await expect(dialog.getByText(/at least 10 characters/i).last()).toBeVisible();
    await expectNoA11yViolations(page, { include: "[role=dialog]", label: "void dialog with an error" });
    await dialog.getByRole("combobox", { name: "Reason" }).click();
    await page.getByRole("option", { name: "Refunded" }).click();
    await dialog.getByLabel("Note").fill("Buyer asked for the money back");
    await dialog.getByRole("button", { name: "Void Ticket" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(toast(page, new RegExp(sold.control_number))).toBeVisible();
    await waitForList(page);
    await expect(rowOf(page, sold.control_number).getByTestId("void-badge")).toBeVisible();
    // A voided ticket cannot be deleted or edited; it can be unvoided.
    await expect(
      rowOf(page, sold.control_number).getByRole("button", { name: `Delete ${sold.control_number}` }),
    ).toHaveCount(0);
    await expect(
      rowOf(page, sold.control_number).getByRole("button", { name: `Unvoid ${sold.control_number}` }),
    ).toBeVisible();

    expect(await totalRevenue(page)).toBe(before - sold.amount);
    await expect(statValue(page, "Total Revenue")).toHaveText(peso(before - sold.amount));

    await gotoTickets(page);
    await page.getByRole("link", { name: "Voided Numbers" }).click();
    await expect(page.getByRole("heading", { name: "Voided Numbers" })).toBeVisible();
    const reportRow = page.getByTestId("voided-table").getByRole("row").filter({ hasText: sold.control_number });
    await expect(reportRow).toContainText("Refunded");
    await expect(reportRow).toContainText("Buyer asked for the money back");
    await expectNoA11yViolations(page, { include: "main", label: "voided numbers" });

    // Unvoid from the report: the dialog's code loads on this first open (decision 178).
    const unvoid = reportRow.getByRole("button", { name: `Unvoid ${sold.control_number}` });
    await unvoid.click();
    const unvoidDialog = page.getByRole("dialog");
    await expect(unvoidDialog).toContainText(sold.control_number);
    await unvoidDialog.getByLabel("Reason").fill("The refund was never paid out");
    await unvoidDialog.getByRole("button", { name: "Unvoid Ticket" }).click();
    await expect(unvoidDialog).toHaveCount(0);
    await expect(toast(page, new RegExp(sold.control_number))).toBeVisible();
    await expect(reportRow).toHaveCount(0);
  },
);

// Delete's Void Instead for a sold ticket: tests/component/tickets-screen.test.tsx (issue 39).

test("Ticket Details at 375 × 740: the body scrolls, the title and the close button stay in view", async ({
  page,
  adminApi,
}) => {
  const [sold] = await generateTickets(adminApi, {
    buyer_name: uniqueToken("Phone Buyer "),
    phone_number: uniquePhone(),
    payment_method: "gcash",
    gcash_reference: newReference().digits,
  });
  await adminApi.post(`/api/tickets/${sold.id}/void`, { data: { reason: "lost_stub", note: "Left on the jeepney" } });
  await page.setViewportSize({ width: 375, height: 740 });
  await gotoTickets(page, `?q=${sold.control_number}`);
  await page
    .getByTestId("ticket-card")
    .filter({ hasText: sold.control_number })
    .getByRole("button", { name: `View details of ${sold.control_number}` })
    .click();
  const details = page.getByRole("dialog", { name: "Ticket Details" });
  await details.getByText("Left on the jeepney").scrollIntoViewIfNeeded();
  await expect(details.getByText("Left on the jeepney")).toBeInViewport();
  await expect(details.getByRole("button", { name: "Close" })).toBeInViewport();
  await expect(details.getByRole("heading", { name: "Ticket Details" })).toBeInViewport();
  await expectNoA11yViolations(page, { include: "[role=dialog]", label: "details at 375 px" });
});
