// The payment ledger (issue 37) as an organiser meets it, on a server of its own (exact counts): sell
// by cash, GCash and bank; import a GCash statement and a bank CSV that each lack one transfer; both
// missing payments are unverified with the same count on Close sales, Close-out and Reconciliation;
// Close-out's link opens exactly that list; settle one by hand with a reason; the figures move on
// every surface together and agree with GET /api/reconciliation/summary.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { BANK_LAYOUTS, gcashStatementPdf } from "../tests/helpers/statement-files";
import { createUnregisteredTickets } from "./seed";
import { toast } from "./tickets-page";
import { useOwnServer } from "./own-server";

test.describe.configure({ mode: "serial" });
const server = useOwnServer({ portOffset: 82, code: "LEDG-3R37" });

const manilaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

async function sell(api: APIRequestContext, method: "cash" | "gcash" | "bank_transfer", reference?: string) {
  const [ticket] = await createUnregisteredTickets(api, 1);
  const res = await api.put(`/api/tickets/register/${encodeURIComponent(ticket.control_number)}`, {
    data: { buyerName: "Melchora Aquino", phoneNumber: `0917${String(Date.now()).slice(-7)}`, paymentMethod: method, paymentReference: reference },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function upload(api: APIRequestContext, multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>) {
  const res = await api.post("/api/reconciliation/imports", { multipart });
  expect(res.status(), await res.text()).toBe(201);
}

test("unverified GCash and bank payments: one count everywhere, a list to act on, settled by hand", async ({ page, playwright }) => {
  test.slow();
  const api = await server.signInAsAdmin(page, playwright);
  await api.put("/api/settings", { data: { api_rate_limit: 100_000 } });
  const day = manilaToday();
  await sell(api, "cash");
  await sell(api, "gcash", "1001543610201");
  await sell(api, "gcash", "1001543610202"); // never arrives
  await sell(api, "bank_transfer", "INST-0301");
  await sell(api, "bank_transfer", "INST-0302"); // never arrives
  const pdf = await gcashStatementPdf({ rows: [{ time: `${day} 08:00 AM`, description: "Received GCash", reference: "1001543610201", credit: "50.00", balance: "50.00" }], from: day, to: day });
  await upload(api, { file: { name: "gcash.pdf", mimeType: "application/pdf", buffer: pdf }, kind: "gcash_pdf", accountLabel: "GCash 0917" });
  const csv = BANK_LAYOUTS.bpi.file([{ date: `${day} 09:00`, reference: "INST-0301", description: "InstaPay", amount: "50.00" }]);
  await upload(api, { file: { name: "bank.csv", mimeType: "text/csv", buffer: Buffer.from(csv) }, kind: "bank_csv", accountLabel: "BDO 1234", mapping: JSON.stringify(BANK_LAYOUTS.bpi.mapping) });

  const unverified = /^2 GCash or bank payments \(₱100\.00\) are unverified/;
  // Close sales (the Draw screen while selling) and Close-out say the same, each with its list.
  await page.goto("/dashboard/draw");
  await expect(page.getByText(/Open: 2 GCash or bank payments \(₱100\.00\) are unverified/)).toBeVisible();
  await page.goto("/dashboard/closeout");
  const blockers = page.getByRole("list", { name: "What still blocks Close" });
  await expect(blockers.getByText(unverified)).toBeVisible();
  await expect(page.getByRole("list", { name: "Money" })).toContainText("Still unverified: ₱100.00 (2 payments)");
  await blockers.getByRole("listitem").filter({ hasText: unverified }).getByRole("link", { name: /Fix it/ }).click();

  // Reconciliation's Payments tab: exactly those two, each with its fix.
  await expect(page).toHaveURL(/\/dashboard\/reconciliation\?tab=payments&state=unverified$/);
  await expect(page.getByTestId("ledger-count")).toHaveText("2 payments, ₱100.00");
  const table = page.getByRole("table", { name: "Unverified payments" });
  await expect(table.getByRole("row").filter({ hasText: "1001543610202" })).toContainText("No GCash statement line carries reference 1001543610202");
  const bankRow = table.getByRole("row").filter({ hasText: "INST-0302" });
  await expect(bankRow).toContainText("No Bank transfer statement line carries reference INST-0302");

  // Settle the bank transfer by hand: a reason is required.
  await bankRow.getByRole("button", { name: "Settle by hand" }).click();
  const dialog = page.getByRole("dialog", { name: /Settle INST-0302/ });
  await dialog.getByRole("button", { name: "Settle by hand" }).click();
  await expect(dialog.getByText("A reason is required")).toBeVisible();
  await dialog.getByLabel("Reason").fill("Paid in cash to the treasurer; receipt 0042");
  await dialog.getByRole("button", { name: "Settle by hand" }).click();
  await expect(toast(page, "Settled INST-0302 by hand")).toBeVisible();
  await expect(page.getByTestId("ledger-count")).toHaveText("1 payment, ₱50.00");
  await page.getByRole("group", { name: "Payment state" }).getByRole("button", { name: /Settled by hand/ }).click();
  await expect(page).toHaveURL(/state=settled_by_hand/);
  await expect(page.getByRole("table", { name: "Settled by hand payments" }).getByRole("row").filter({ hasText: "INST-0302" })).toContainText("Paid in cash to the treasurer");

  // Every surface moved together, and agrees with the summary API.
  const summary = await (await api.get("/api/reconciliation/summary")).json();
  expect(summary).toMatchObject({
    claimed: { count: 4, total: "200.00" },
    verified: { count: 2, total: "100.00" },
    settledByHand: { count: 1, total: "50.00" },
    unverified: { count: 1, total: "50.00" },
    awaitingStatement: { count: 0, total: "0.00" },
  });
  await page.goto("/dashboard/closeout");
  await expect(page.getByRole("list", { name: "What still blocks Close" }).getByText(/^1 GCash or bank payment \(₱50\.00\) is unverified/)).toBeVisible();
  const money = page.getByRole("list", { name: "Money" });
  await expect(money).toContainText("Verified by statement: ₱100.00 (2 payments)");
  await expect(money).toContainText("Settled by hand: ₱50.00 (1 payment)");
  await page.goto("/dashboard/overview");
  await expect(page.getByRole("list", { name: "Money" })).toContainText("Still unverified: ₱50.00 (1 payment)");
});
