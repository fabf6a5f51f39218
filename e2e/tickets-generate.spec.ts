// The Generate / Edit Ticket dialog from Tickets Management: one and many tickets, custom numbers,
// the success view, and edit. Its validation messages and the server's refusals (a taken number, the
// edit's 409) are tests/component/generate-ticket-dialog.test.tsx'.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { createUnregisteredTickets } from "./seed";
import { gotoTickets, rowOf, search, toast, uniquePhone, uniqueToken } from "./tickets-page";

test.use({ role: "admin" });

async function openGenerate(page: Page) {
  await gotoTickets(page);
  await page.getByRole("button", { name: "Generate Ticket" }).click();
  const dialog = page.getByRole("dialog", { name: "Generate Ticket" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A ticket number no ticket has, as 5 digits. */
async function freeNumber(api: import("@playwright/test").APIRequestContext) {
  const res = await api.get("/api/tickets/find-available-range/1");
  const { start_digits } = (await res.json()) as { start_digits: string };
  return start_digits;
}

test("generates one ticket with custom numbers; the success view opens its details; Close refreshes the list", async ({
  page,
  adminApi,
}) => {
  const last = await freeNumber(adminApi);
  const name = uniqueToken("Custom Buyer ");
  const phone = uniquePhone();
  const dialog = await openGenerate(page);
  await expect(dialog.getByRole("group", { name: "Personal Information" })).toBeVisible();
  await expect(dialog.getByRole("group", { name: "Ticket Configuration" })).toBeVisible();
  await expect(dialog.getByRole("group", { name: "Payment Information" })).toBeVisible();
  await expect(dialog.getByRole("group", { name: "Ticket Status" })).toHaveCount(0);

  await dialog.getByLabel("Buyer Name").fill(name);
  // A pasted +63 form keeps the 10 national digits.
  await dialog.getByLabel("Phone Number").fill(`+63 ${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`);
  await expect(dialog.getByLabel("Phone Number")).toHaveValue(phone);
  await dialog.getByLabel("Email").fill("custom.buyer@example.com");
  await dialog.getByLabel("Address").fill("Quezon City");
  await dialog.getByLabel("Custom Middle Digits").fill("7a8b9");
  await expect(dialog.getByLabel("Custom Middle Digits")).toHaveValue("789");
  await dialog.getByLabel("Custom Last Digits").fill(last);
  await dialog.getByRole("radio", { name: "GCash" }).click();
  await dialog.getByLabel("GCash Reference").fill("GC-998877");
  await dialog.getByRole("button", { name: "Generate Ticket" }).click();

  const control = new RegExp(`-789-${last}$`);
  await expect(toast(page, "1 ticket generated successfully")).toContainText("Total: ₱50.00");
  const success = dialog.getByTestId("generated-tickets");
  await expect(success.getByRole("button", { name: control })).toBeVisible();
  await success.getByRole("button", { name: control }).click();
  const details = page.getByTestId("ticket-details-dialog");
  await expect(details.getByTestId("details-control-number")).toHaveText(control);
  await expect(details).toContainText(name);
  await expect(details).toContainText(`+63 ${phone}`);
  await expect(details).toContainText("GCash");
  await page.keyboard.press("Escape");
  await expect(details).toHaveCount(0);

  await dialog.getByRole("button", { name: "Close", exact: true }).last().click();
  await expect(dialog).toHaveCount(0);
  await search(page, name);
  await expect(page.locator("[data-testid=ticket-row]")).toHaveCount(1);
  await expect(page.locator("[data-testid=ticket-row]")).toContainText(last);
});

test("generates many: the first 10, '... and N more tickets', the total, and Generate Another resets the form", async ({
  page,
  adminApi,
}) => {
  const price = ((await (await adminApi.get("/api/settings")).json()) as { settings: { ticket_price: number } })
    .settings.ticket_price;
  const dialog = await openGenerate(page);
  await expect(dialog.getByTestId("ticket-form-total")).toHaveText(`₱${price.toFixed(2)}`);
  await dialog.getByLabel("Buyer Name").fill(uniqueToken("Bulk Buyer "));
  await dialog.getByLabel("Custom Middle Digits").fill("123");
  await dialog.getByLabel("Number of Tickets").fill("13");
  // More than one ticket clears and disables the custom numbers.
  await expect(dialog.getByLabel("Custom Middle Digits")).toHaveValue("");
  await expect(dialog.getByLabel("Custom Middle Digits")).toBeDisabled();
  await expect(dialog.getByLabel("Custom Last Digits")).toBeDisabled();
  await expect(dialog.getByText("Custom ticket numbers can only be used when generating 1 ticket.")).toBeVisible();
  await expect(dialog.getByTestId("ticket-form-total")).toHaveText(`₱${(13 * price).toFixed(2)}`);
  await dialog.getByRole("button", { name: "Generate 13 Tickets" }).click();

  await expect(toast(page, "13 tickets generated successfully")).toContainText(`Total: ₱${(13 * price).toFixed(2)}`);
  const listed = dialog.getByRole("list", { name: "Generated tickets" }).getByRole("button");
  await expect(listed).toHaveCount(10);
  await expect(dialog.getByText("... and 3 more tickets")).toBeVisible();

  await dialog.getByRole("button", { name: "Generate Another Ticket" }).click();
  await expect(dialog.getByLabel("Buyer Name")).toHaveValue("");
  await expect(dialog.getByLabel("Number of Tickets")).toHaveValue("1");
  await expect(dialog.getByLabel("Custom Middle Digits")).toBeEnabled();
});

// Every validation message, and a refused generation: tests/component/generate-ticket-dialog.test.tsx (issue 39).

test("edits an unregistered ticket (Ticket Status included); a registered ticket offers no edit", async ({
  page,
  adminApi,
}) => {
  const [ticket] = await createUnregisteredTickets(adminApi, 1);
  const name = uniqueToken("Edited Buyer ");
  await gotoTickets(page, `?q=${ticket.control_number}`);
  const row = rowOf(page, ticket.control_number);
  await row.getByRole("button", { name: `Edit ${ticket.control_number}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Ticket" });
  await expect(dialog.getByRole("group", { name: "Ticket Status" })).toBeVisible();
  await expect(dialog).toContainText(ticket.control_number);
  await dialog.getByLabel("Buyer Name").fill(name);
  await dialog.getByLabel("Phone Number").fill("09181234567");
  await dialog.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Used" }).click();
  await dialog.getByRole("button", { name: "Update Ticket" }).click();

  await expect(toast(page, "Ticket updated successfully! 🎫")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText(name);
  await expect(row.getByText("Registered", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: `Edit ${ticket.control_number}` })).toHaveCount(0);
  const saved = (await (await adminApi.get(`/api/tickets/${ticket.ticket_id}`)).json()).ticket;
  expect(saved).toMatchObject({ buyer_name: name, phone_number: "9181234567", status: "used", is_registered: true });
});

// The edit refused as registered meanwhile: tests/component/generate-ticket-dialog.test.tsx (issue 39).
