// The payment ledger (issue 37) as an organiser meets it, on a server of its own (exact counts): sell
// by cash, GCash and bank; import a GCash statement and a bank CSV that each lack one transfer; both
// missing payments are unverified with the same count on Close sales, Close-out and Reconciliation;
// Close-out's link opens exactly that list; settle one by hand with a reason; the figures move on
// every surface together and agree with GET /api/reconciliation/summary; settle the other with an
// evidence file, which downloads from its row; draw, publish and Close (typed CLOSE); the archive's
// summary PDF, read back with pdftotext, prints the same figures as Close-out and the summary API, and
// the archive carries the evidence file.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "./browser-test";
import { BANK_LAYOUTS, gcashStatementPdf } from "../tests/helpers/statement-files";
import { expectNoA11yViolations } from "./a11y";
import { pdfText } from "./pdf";
import { createUnregisteredTickets } from "./seed";
import { toast } from "./tickets-page";
import { useOwnServer } from "./own-server";

test.describe.configure({ mode: "serial" });
const server = useOwnServer({ portOffset: 82, code: "LEDG-3R37" });

const manilaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

async function sell(api: APIRequestContext, method: "cash" | "gcash" | "bank_transfer", reference?: string) {
  const [ticket] = await createUnregisteredTickets(api, 1);
  const res = await api.put(`/api/tickets/register/${encodeURIComponent(ticket.control_number)}`, {
    data: {
      buyerName: "Melchora Aquino",
      phoneNumber: `0917${String(Date.now()).slice(-7)}`,
      paymentMethod: method,
      paymentReference: reference,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const DICE = "35126443526115623416";
/** A PNG as the server knows one (its leading bytes), with a little body. */
const RECEIPT = Buffer.concat([
  Buffer.from("89504e470d0a1a0a", "hex"),
  Buffer.from("\0\0\0\rIHDR treasurer's receipt 0042"),
]);

async function ok(res: Awaited<ReturnType<APIRequestContext["post"]>>) {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** The summary's six money figures as GET /api/reconciliation/summary gives them, in the words every surface prints. */
const FIGURES = [
  { key: "claimed", label: "Money claimed (GCash and bank)", unit: "payment" },
  { key: "verified", label: "Verified by statement", unit: "payment" },
  { key: "settledByHand", label: "Settled by hand", unit: "payment" },
  { key: "unverified", label: "Still unverified", unit: "payment" },
  { key: "awaitingStatement", label: "Awaiting a statement", unit: "payment" },
  { key: "cashRemitted", label: "Cash remitted", unit: "remittance" },
] as const;
const pesos = (total: string) =>
  `₱${Number(total).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const figureText = (f: { count: number; total: string }, unit: string) =>
  `${pesos(f.total)} (${f.count} ${unit}${f.count === 1 ? "" : "s"})`;

/** Close-out's Money list, figure by figure, as the screen shows it. */
async function screenFigures(page: Page) {
  const out: Record<string, string> = {};
  for (const f of FIGURES) {
    const text = (await page.getByRole("list", { name: "Money" }).locator(`[data-figure="${f.key}"]`).innerText())
      .replace(/\s+/g, " ")
      .trim();
    expect(text.startsWith(`${f.label}: `), text).toBe(true);
    out[f.key] = text.slice(f.label.length + 2);
  }
  return out;
}

async function upload(
  api: APIRequestContext,
  multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }>,
) {
  const res = await api.post("/api/reconciliation/imports", { multipart });
  expect(res.status(), await res.text()).toBe(201);
}

test("unverified GCash and bank payments: one count everywhere, a list to act on, settled by hand", async ({
  page,
  playwright,
}) => {
  test.slow();
  const api = await server.signInAsAdmin(page, playwright);
  await api.put("/api/settings", { data: { api_rate_limit: 100_000 } });
  const day = manilaToday();
  await sell(api, "cash");
  await sell(api, "gcash", "1001543610201");
  await sell(api, "gcash", "1001543610202"); // never arrives
  await sell(api, "bank_transfer", "INST-0301");
  await sell(api, "bank_transfer", "INST-0302"); // never arrives
  const pdf = await gcashStatementPdf({
    rows: [
      {
        time: `${day} 08:00 AM`,
        description: "Received GCash",
        reference: "1001543610201",
        credit: "50.00",
        balance: "50.00",
      },
    ],
    from: day,
    to: day,
  });
  await upload(api, {
    file: { name: "gcash.pdf", mimeType: "application/pdf", buffer: pdf },
    kind: "gcash_pdf",
    accountLabel: "GCash 0917",
  });
  const csv = BANK_LAYOUTS.bpi.file([
    { date: `${day} 09:00`, reference: "INST-0301", description: "InstaPay", amount: "50.00" },
  ]);
  await upload(api, {
    file: { name: "bank.csv", mimeType: "text/csv", buffer: Buffer.from(csv) },
    kind: "bank_csv",
    accountLabel: "BDO 1234",
    mapping: JSON.stringify(BANK_LAYOUTS.bpi.mapping),
  });

  const unverified = /^2 GCash or bank payments \(₱100\.00\) are unverified/;
  // Close sales (the Draw screen while selling) and Close-out say the same, each with its list.
  await page.goto("/dashboard/draw");
  await expect(page.getByText(/Open: 2 GCash or bank payments \(₱100\.00\) are unverified/)).toBeVisible();
  await page.goto("/dashboard/closeout");
  const blockers = page.getByRole("list", { name: "What still blocks Close" });
  await expect(blockers.getByText(unverified)).toBeVisible();
  await expect(page.getByRole("list", { name: "Money" })).toContainText("Still unverified: ₱100.00 (2 payments)");
  await blockers
    .getByRole("listitem")
    .filter({ hasText: unverified })
    .getByRole("link", { name: /Fix it/ })
    .click();

  // Reconciliation's Payments tab: exactly those two, each with its fix.
  await expect(page).toHaveURL(/\/dashboard\/reconciliation\?tab=payments&state=unverified$/);
  await expect(page.getByTestId("ledger-count")).toHaveText("2 payments, ₱100.00");
  const table = page.getByRole("table", { name: "Unverified payments" });
  await expect(table.getByRole("row").filter({ hasText: "1001543610202" })).toContainText(
    "No GCash statement line carries reference 1001543610202",
  );
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
  await page
    .getByRole("group", { name: "Payment state" })
    .getByRole("button", { name: /Settled by hand/ })
    .click();
  await expect(page).toHaveURL(/state=settled_by_hand/);
  await expect(
    page.getByRole("table", { name: "Settled by hand payments" }).getByRole("row").filter({ hasText: "INST-0302" }),
  ).toContainText("Paid in cash to the treasurer");

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
  await expect(
    page
      .getByRole("list", { name: "What still blocks Close" })
      .getByText(/^1 GCash or bank payment \(₱50\.00\) is unverified/),
  ).toBeVisible();
  const money = page.getByRole("list", { name: "Money" });
  await expect(money).toContainText("Verified by statement: ₱100.00 (2 payments)");
  await expect(money).toContainText("Settled by hand: ₱50.00 (1 payment)");
  await page.goto("/dashboard/overview");
  await expect(page.getByRole("list", { name: "Money" })).toContainText("Still unverified: ₱50.00 (1 payment)");

  // Settle the GCash payment by hand with an evidence file (the treasurer's receipt).
  await page.goto("/dashboard/reconciliation?tab=payments&state=unverified");
  await page
    .getByRole("table", { name: "Unverified payments" })
    .getByRole("row")
    .filter({ hasText: "1001543610202" })
    .getByRole("button", { name: "Settle by hand" })
    .click();
  const gcashDialog = page.getByRole("dialog", { name: /Settle 1001543610202/ });
  await gcashDialog.getByLabel("Reason").fill("Handed in cash to the treasurer; receipt 0042");
  await gcashDialog
    .getByLabel("Evidence file (optional)")
    .setInputFiles({ name: "receipt 0042.png", mimeType: "image/png", buffer: RECEIPT });
  await expectNoA11yViolations(page, { include: "[role=dialog]", label: "Settle by hand with an evidence file" });
  await gcashDialog.getByRole("button", { name: "Settle by hand" }).click();
  await expect(toast(page, "Settled 1001543610202 by hand with evidence")).toBeVisible();
  await expect(page.getByTestId("ledger-count")).toHaveText("0 payments, ₱0.00");
  await page
    .getByRole("group", { name: "Payment state" })
    .getByRole("button", { name: /Settled by hand/ })
    .click();
  const settledRow = page
    .getByRole("table", { name: "Settled by hand payments" })
    .getByRole("row")
    .filter({ hasText: "1001543610202" });
  const evidenceLink = settledRow.getByRole("link", { name: "Evidence: receipt 0042.png" });
  await expect(evidenceLink).toBeVisible();
  await expectNoA11yViolations(page, { include: "main", label: "Settled by hand, with an evidence file" });
  const [evidence] = await Promise.all([page.waitForEvent("download"), evidenceLink.click()]);
  expect(readFileSync(await evidence.path()).equals(RECEIPT)).toBe(true);

  // The cash is remitted; sales close with nothing open; the prize is drawn, published and claimed.
  const balances = await (await api.get("/api/remittances/balances")).json();
  for (const seller of balances.sellers.filter((x: { balance: string }) => x.balance !== "0.00")) {
    await ok(await api.post("/api/remittances", { data: { sellerId: seller.sellerId, amount: seller.balance } }));
  }
  await ok(await api.post("/api/prizes", { data: { rank: 1, name: "Honda Click 125i", valuePhp: 80000, backups: 0 } }));
  await ok(await api.post("/api/raffle/close-sales", { data: { overrides: [] } }));
  const draw = (await ok(await api.post("/api/draws", { data: { source: { type: "dice", count: 20 } } }))) as {
    id: string;
  };
  await ok(
    await api.post(`/api/draws/${draw.id}/reveal`, {
      data: { outsideValue: DICE, outsideValueConfirm: DICE, witnesses: ["Pedro Penduko"] },
    }),
  );
  await ok(await api.post(`/api/draws/${draw.id}/positions/1/notify`, { data: {} }));
  await ok(await api.post(`/api/draws/${draw.id}/publish`, { data: {} }));
  await ok(await api.post(`/api/draws/${draw.id}/positions/1/claim`, { data: {} }));

  // Close, as the organiser does it: Close-out, every condition met, CLOSE typed.
  await page.goto("/dashboard/closeout");
  await expect(page.getByText("Every condition is met.")).toBeVisible();
  await page.getByLabel("Type CLOSE to confirm").fill("CLOSE");
  await page.getByRole("button", { name: "Close the raffle" }).click();
  await expect(page.getByText(/The raffle is\s*Closed/)).toBeVisible();

  // The figures: the summary API, Close-out's screen and the archive's summary PDF say the same.
  const final = await (await api.get("/api/reconciliation/summary")).json();
  expect(final).toMatchObject({
    claimed: { count: 4, total: "200.00" },
    verified: { count: 2, total: "100.00" },
    settledByHand: { count: 2, total: "100.00" },
    unverified: { count: 0, total: "0.00" },
    awaitingStatement: { count: 0, total: "0.00" },
    cashRemitted: { count: 1, total: "50.00" },
  });
  const want = Object.fromEntries(FIGURES.map((f) => [f.key, figureText(final[f.key], f.unit)]));
  expect(await screenFigures(page)).toEqual(want);
  await page.getByRole("checkbox", { name: "Include attachments" }).check();
  const [archive] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download archive" }).click(),
  ]);
  const zip = await archive.path();
  const summaryPdf = pdfText(
    execFileSync("unzip", ["-p", zip, "reports/summary.pdf"], { maxBuffer: 64 * 1024 * 1024 }),
  );
  const printed = Object.fromEntries(
    FIGURES.map((f) => [
      f.key,
      new RegExp(`^\\s*${f.label.replace(/[()]/g, "\\$&")}\\s+(.+?)\\s*$`, "m").exec(summaryPdf)?.[1] ??
        `(${f.label} not printed)`,
    ]),
  );
  expect(printed).toEqual(want);
  // The settlement's evidence is in the archive as uploaded, and the settlements' report names it.
  const names = execFileSync("unzip", ["-Z1", zip], { encoding: "utf8" }).split("\n");
  const stored = names.find((n) =>
    /^attachments\/settled-by-hand\/1001543610202\/[0-9a-f-]{36}-receipt 0042\.png$/.test(n),
  );
  expect(stored, names.join("\n")).toBeTruthy();
  expect(execFileSync("unzip", ["-p", zip, stored!]).equals(RECEIPT)).toBe(true);
  const settlements = execFileSync("unzip", ["-p", zip, "reports/settled-by-hand.csv"], { encoding: "utf8" });
  expect(settlements).toContain("Handed in cash to the treasurer; receipt 0042,receipt 0042.png,");
  expect(settlements).toContain("Paid in cash to the treasurer; receipt 0042,,");
});
