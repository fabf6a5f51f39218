// Tickets Management's Export CSV and Import CSV (issue 10): the export downloads a file whose
// rows are the tickets, and the Import Tickets modal goes from the template to the result.
import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import Papa from "papaparse";
import { expectNoA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { createUnregisteredTickets, generateTickets } from "./seed";
import { gotoTickets, toast, uniqueToken } from "./tickets-page";
import { TICKET_EXPORT_COLUMNS, ticketCsvTemplate } from "@/lib/csv/ticket-csv";
import type { Ticket } from "@/lib/api/tickets";

test.use({ role: "admin" });
// An import or export may take a while on a busy machine (the spec allows 300 s and 60 s).
test.describe.configure({ timeout: 120_000 });

async function allTickets(api: APIRequestContext): Promise<Ticket[]> {
  const res = await api.get("/api/tickets?limit=10000&offset=0");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { tickets: Ticket[] }).tickets;
}

async function downloadText(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const text = await readFile((await download.path())!, "utf8");
  return { fileName: download.suggestedFilename(), text };
}

test("Export CSV downloads a file whose rows are the tickets of the list", async ({ page, adminApi }) => {
  const name = uniqueToken("Export Buyer ");
  await generateTickets(adminApi, { buyer_name: name, email: "export@example.com", address: 'Line 1, "Quoted"' });
  await createUnregisteredTickets(adminApi, 3);
  await gotoTickets(page);
  const { fileName, text } = await downloadText(page, () => page.getByRole("button", { name: "Export CSV" }).click());
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Manila" }).format(new Date());
  expect(fileName).toBe(`tickets-export-${today}.csv`);
  await expect(toast(page, /^Exported \d[\d,]* tickets$/)).toBeVisible();

  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  const [header, ...records] = parsed.data;
  // The spec's 14 template columns, then the sale and void columns (docs/decisions/050, 051).
  expect(header).toEqual([...TICKET_EXPORT_COLUMNS]);
  const tickets = await allTickets(adminApi);
  expect(records).toHaveLength(tickets.length);
  const byId = new Map(tickets.map((t) => [t.id, t]));
  for (const r of records) {
    const t = byId.get(r[0])!;
    expect(t, `ticket ${r[0]} in the list`).toBeTruthy();
    expect([
      r[1],
      r[2],
      r[3],
      r[4],
      r[5],
      r[6],
      r[7],
      Number(r[8]),
      r[9],
      new Date(r[10]).toISOString(),
      new Date(r[11]).toISOString(),
      r[12],
      r[13],
    ]).toEqual([
      t.control_number,
      t.last_5_digits,
      t.buyer_name ?? "",
      t.phone_number ?? "",
      t.email ?? "",
      t.address ?? "",
      t.payment_method,
      t.amount,
      t.status,
      t.created_at,
      t.updated_at,
      t.creator_email ?? "",
      t.creation_source,
    ]);
  }
  expect(records.some((r) => r[3] === name && r[6] === 'Line 1, "Quoted"')).toBe(true);
});

// Export CSV's empty file and failure: tests/component/tickets-io-actions.test.tsx (issue 39).

test("Import Tickets: template, file checks, preview of 5 rows, import with errors shown, Import More", async ({
  page,
  adminApi,
}) => {
  const [existing] = await generateTickets(adminApi, { buyer_name: uniqueToken("Kept Buyer ") });
  const range = (await (await adminApi.get("/api/tickets/find-available-range/7")).json()) as { startRange: number };
  const numbers = Array.from({ length: 7 }, (_, i) => range.startRange + i);

  await gotoTickets(page);
  await page.getByRole("button", { name: "Import CSV" }).click();
  const dialog = page.getByRole("dialog", { name: "Import Tickets" });
  await expect(dialog).toBeVisible();
  await expectNoA11yViolations(page, { include: "[data-testid=import-dialog]", label: "Import Tickets" });

  const template = await downloadText(page, () => dialog.getByRole("button", { name: "Download Template" }).click());
  expect(template.fileName).toBe("tickets-import-template.csv");
  expect(template.text).toBe(ticketCsvTemplate());
  expect(template.text.split("\r\n")[0]).toBe(TICKET_EXPORT_COLUMNS.join(","));
  // The example row stays in the file below: it is neither previewed nor imported.

  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  await expect(dialog.getByText("Please select a file first")).toBeVisible();
  await dialog
    .getByLabel("CSV file")
    .setInputFiles({ name: "tickets.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
  await expect(dialog.getByText("Please select a valid CSV file")).toBeVisible();

  const buyer = uniqueToken("Imported Buyer ");
  const lines = [
    template.text.trimEnd(),
    ...numbers.slice(0, 5).map((n, i) => `,,${n},${i === 0 ? buyer : ""},${i === 0 ? "9171234567" : ""},,,,,,,,,`),
    `,,${numbers[5]},Al,,,,,,,,,,`,
    `,,${existing.last_5_digits},Someone Else,9179999999,,,,,,,,,`,
  ];
  await dialog
    .getByLabel("CSV file")
    .setInputFiles({ name: "tickets.csv", mimeType: "text/csv", buffer: Buffer.from(lines.join("\r\n")) });
  await expect(dialog.getByText("Please select a valid CSV file")).toHaveCount(0);
  const preview = dialog.getByTestId("import-preview");
  await expect(preview.locator("tbody tr")).toHaveCount(5);
  await expect(preview.locator("thead th")).toHaveCount(TICKET_EXPORT_COLUMNS.length);
  await expect(preview).toContainText(buyer);
  await expectNoA11yViolations(page, {
    include: "[data-testid=import-dialog]",
    label: "Import Tickets with a preview",
  });

  await dialog.getByRole("button", { name: "Import", exact: true }).click();
  const result = dialog.getByTestId("import-result");
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(result).toContainText("Imported 5 of 7 tickets, 1 skipped (already in the system), 1 row with errors");
  await expect(result.getByText("Total")).toBeVisible();
  await expect(result).toContainText(`Row 8: Buyer Name: Name must be at least 3 characters.`); // row 2 is the example
  await expectNoA11yViolations(page, { include: "[data-testid=import-dialog]", label: "Import result" });

  // The list shows the imported tickets (ticket data was invalidated), and the kept buyer was not overwritten.
  await page.getByLabel("Search tickets").fill(buyer);
  await expect(page.getByRole("main").getByTestId("tickets-list")).toContainText(buyer);
  const after = await allTickets(adminApi);
  expect(after.find((t) => t.id === existing.id)?.buyer_name).toBe(existing.buyer_name);

  await dialog.getByRole("button", { name: "Import More" }).click();
  await expect(dialog.getByLabel("CSV file")).toHaveValue("");
  await expect(dialog.getByTestId("import-preview")).toHaveCount(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
});

// Import Tickets' 'Import failed: {message}': tests/component/tickets-io-actions.test.tsx (issue 39).
