// Ticket Details (fields, copy) and the Custom Range Generator (results). A failed copy, and the
// range's preview and validation, are tests/component/ticket-dialogs.test.tsx'.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { generateTickets, ticketStats } from "./seed";
import { gotoTickets, rowOf, toast, uniquePhone, uniqueToken, waitForList } from "./tickets-page";

test.use({ role: "admin" });

async function freeRange(api: APIRequestContext, count: number) {
  const res = await api.get(`/api/tickets/find-available-range/${count}`);
  return (await res.json()) as { startRange: number; endRange: number };
}

const pad = (n: number) => String(n).padStart(5, "0");

test("Ticket Details shows every field and copies the control number", async ({ page, adminApi, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const phone = uniquePhone();
  const name = uniqueToken("Detail Buyer ");
  const [ticket] = await generateTickets(adminApi, {
    buyer_name: name,
    phone_number: phone,
    email: "detail@example.com",
    address: "Cebu City",
    payment_method: "gcash",
    gcash_reference: "GC-1",
  });
  await gotoTickets(page, `?q=${ticket.control_number}`);
  await rowOf(page, ticket.control_number)
    .getByRole("button", { name: `View details of ${ticket.control_number}` })
    .click();
  const details = page.getByRole("dialog", { name: "Ticket Details" });
  await expect(details.getByTestId("details-control-number")).toHaveText(ticket.control_number);
  for (const text of [
    name,
    `+63 ${phone}`,
    "detail@example.com",
    "Cebu City",
    "₱50.00",
    "GCash",
    ticket.last_5_digits,
    "Registered",
  ]) {
    await expect(details).toContainText(text);
  }
  // One rule for status: a ticket sold at generation shows Registered, never 'Active' beside a Registered badge.
  await expect(details.getByText("Active", { exact: true })).toHaveCount(0);
  // created_at in the raffle's timezone (Asia/Manila unless the settings say otherwise).
  const created = new Intl.DateTimeFormat("en-US", {
    timeZone: "Asia/Manila",
    month: "short",
    day: "numeric",
    year: "numeric",
  }).format(new Date(ticket.created_at));
  await expect(details).toContainText(created);

  await details.getByRole("button", { name: "Copy control number" }).click();
  await expect(toast(page, "Control number copied to clipboard!")).toBeVisible();
  await expect(details.getByRole("button", { name: "Control number copied" })).toHaveText(/Copied!/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ticket.control_number);
  // The copied state lasts 2 s, then the button reads Copy again.
  await expect(details.getByRole("button", { name: "Copy control number" })).toHaveText(/Copy/, { timeout: 5_000 });

  await page.keyboard.press("Escape");
  await expect(details).toHaveCount(0);
});

// A failed copy: tests/component/ticket-dialogs.test.tsx (issue 39).

async function openRange(page: Page) {
  await gotoTickets(page);
  await page.getByRole("button", { name: "Custom Range" }).click();
  const dialog = page.getByRole("dialog", { name: "Custom Range Generator" });
  await expect(dialog).toBeVisible();
  return dialog;
}

// The Custom Range's preview and every validation message: tests/component/ticket-dialogs.test.tsx (issue 39).

test("Custom Range: generates, lists the skipped numbers (folded when long), toasts and refreshes the list", async ({
  page,
  adminApi,
}) => {
  const { startRange } = await freeRange(adminApi, 40);
  // Take 24 numbers inside the range first, so they are skipped: 20 show, 4 fold away.
  const taken = Array.from({ length: 24 }, (_, i) => startRange + 8 + i);
  const first = await adminApi.post("/api/tickets/admin/generate-custom-range", {
    data: { startRange: taken[0], endRange: taken.at(-1), userId: "e2e-seed" },
  });
  expect(first.status()).toBe(201);
  const before = await ticketStats(adminApi);

  const dialog = await openRange(page);
  const userId = `${uniqueToken("range").toLowerCase()}@example.com`;
  await dialog.getByLabel("Start Range").fill(String(startRange));
  await dialog.getByLabel("End Range").fill(String(startRange + 39));
  await dialog.getByLabel("User ID").fill(userId);
  await dialog.getByRole("button", { name: "Generate 40 Tickets" }).click();

  const results = dialog.getByTestId("custom-range-results");
  await expect(results.getByTestId("result-generated")).toHaveText("16");
  await expect(results.getByTestId("result-skipped")).toHaveText("24");
  await expect(results.getByTestId("result-failed")).toHaveText("0");
  await expect(toast(page, "Generated 16 tickets, skipped 24 already taken")).toBeVisible();
  const skipped = results.getByTestId("skipped-numbers");
  for (const n of taken.slice(0, 20)) await expect(skipped.getByText(pad(n), { exact: true })).toBeVisible();
  await expect(skipped.getByText(pad(taken[20]), { exact: true })).toHaveCount(0);
  await skipped.getByRole("button", { name: "Show 4 more" }).click();
  for (const n of taken.slice(20)) await expect(skipped.getByText(pad(n), { exact: true })).toBeVisible();

  // The list and cards refresh 3 s later, by themselves.
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("stat-total-tickets")).toHaveText((before.total + 16).toLocaleString("en-US"), {
    timeout: 10_000,
  });
  await waitForList(page);
  expect((await (await adminApi.get(`/api/tickets/search?user=${encodeURIComponent(userId)}`)).json()).total).toBe(16);
});

test("Custom Range: numbers past the ticket limit are reported as errors", async ({ page, adminApi }) => {
  const settings = ((await (await adminApi.get("/api/settings")).json()) as { settings: { max_ticket_limit: number } })
    .settings;
  const limit = settings.max_ticket_limit;
  const dialog = await openRange(page);
  await dialog.getByLabel("Start Range").fill(String(limit + 1));
  await dialog.getByLabel("End Range").fill(String(limit + 2));
  await dialog.getByRole("button", { name: "Generate 2 Tickets" }).click();
  const errors = dialog.getByTestId("range-errors");
  await expect(errors).toContainText(`${pad(limit + 1)}: Above the maximum ticket limit (${limit})`);
  await expect(dialog.getByTestId("result-failed")).toHaveText("2");
});
