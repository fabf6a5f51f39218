// Reconciliation (issue 21) as an organiser meets it: import a GCash statement (PDF with its password)
// and a bank statement (CSV with its columns) through the wizard, accept a mismatch with a comment,
// confirm a suggested payment, and see a typed fake reference among the unverified claims; page
// through a line tab past 100 lines by keyboard, the page in the URL; on a phone each line is a card
// with its actions in reach. axe clean.
import type { APIRequestContext, Page } from "@playwright/test";
import { BANK_LAYOUTS, gcashStatementPdf } from "../tests/helpers/statement-files";
import { expectNoA11yViolations } from "./a11y";
import { openDialog } from "./helpers";
import { expect, test } from "./fixtures";
import { createUnregisteredTickets } from "./seed";
import { toast, uniquePhone, uniqueToken } from "./tickets-page";

test.use({ role: "admin" });

let refCounter = 0;
/** A fresh 13-digit reference for this run. */
function newReference() {
  refCounter += 1;
  return `7${String(Date.now()).slice(-9)}${String(refCounter).padStart(3, "0")}`;
}

/** Sells one ticket as one payment; returns its control number and amount ('50.00'). */
async function sell(
  api: APIRequestContext,
  payment: { method: "gcash" | "bank_transfer"; reference: string; buyer?: string },
) {
  const [ticket] = await createUnregisteredTickets(api, 1);
  const res = await api.put(`/api/tickets/register/${encodeURIComponent(ticket.control_number)}`, {
    data: {
      buyerName: payment.buyer ?? uniqueToken("Recon Buyer "),
      phoneNumber: uniquePhone(),
      paymentMethod: payment.method,
      paymentReference: payment.reference,
    },
  });
  const text = await res.text();
  expect(res.status(), text).toBe(200);
  const json = JSON.parse(text) as { ticket: { payment: { amount_expected: string } } };
  return { controlNumber: ticket.control_number, amount: json.ticket.payment.amount_expected };
}

const manilaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const peso = (amount: string) => `₱${Number(amount).toLocaleString("en-US", { minimumFractionDigits: 2 })}`;

async function openWizard(page: Page) {
  await page.goto("/dashboard/reconciliation");
  await expect(page.getByRole("heading", { name: "Reconciliation" })).toBeVisible();
  return openDialog(
    page.getByRole("button", { name: "Import Statement" }),
    page.getByRole("dialog", { name: "Import Statement" }),
  );
}

test("a GCash statement: preview, import, accept a mismatch, confirm a suggestion, see an unverified claim", async ({
  page,
  adminApi,
}) => {
  test.slow();
  const exactReference = newReference();
  const overReference = newReference();
  const pedroRef = newReference();
  const fakeRef = newReference();
  const strangerRef = newReference();
  const exact = await sell(adminApi, { method: "gcash", reference: exactReference });
  const over = await sell(adminApi, { method: "gcash", reference: overReference });
  const pedro = await sell(adminApi, {
    method: "gcash",
    reference: pedroRef,
    buyer: `Pedro ${uniqueToken("Penduko")}`,
  });
  await sell(adminApi, { method: "gcash", reference: fakeRef });
  const day = manilaToday();
  const overAmount = (Number(over.amount) + 10).toFixed(2);
  const pdf = await gcashStatementPdf({
    password: "0917",
    from: day,
    to: day,
    rows: [
      {
        time: `${day} 12:01 AM`,
        description: "Received GCash from JUAN",
        reference: exactReference,
        credit: exact.amount,
        balance: "100.00",
      },
      {
        time: `${day} 12:02 AM`,
        description: "Received GCash from ANA",
        reference: overReference,
        credit: overAmount,
        balance: "200.00",
      },
      {
        time: `${day} 12:03 AM`,
        description: "Received GCash from PEDRO P.",
        reference: strangerRef,
        credit: pedro.amount,
        balance: "300.00",
      },
    ],
  });

  const wizard = await openWizard(page);
  await expectNoA11yViolations(page, { include: "[role=dialog]", label: "import wizard" });
  await wizard
    .getByLabel("Statement file")
    .setInputFiles({ name: "gcash-history.pdf", mimeType: "application/pdf", buffer: pdf });
  await wizard.getByLabel("Account").fill(uniqueToken("GCash e2e "));
  await wizard.getByLabel("PDF password").fill("wrong");
  await wizard.getByRole("button", { name: "Preview" }).click();
  await expect(wizard.getByRole("alert")).toHaveText("The password is not this PDF's");
  await wizard.getByLabel("PDF password").fill("0917");
  await wizard.getByRole("button", { name: "Preview" }).click();
  const preview = wizard.getByTestId("import-preview");
  await expect(preview.getByRole("status")).toContainText("3 credit lines read");
  await expect(preview.getByRole("status")).toContainText("Matched: 1 · Amount mismatch: 1 · Unmatched: 1");
  await expectNoA11yViolations(page, { include: "[role=dialog]", label: "import preview" });
  await preview.getByRole("button", { name: "Import 3 Lines" }).click();
  await expect(toast(page, /Imported 3 new lines/)).toBeVisible();
  await expect(wizard).toHaveCount(0);

  // Mismatches: accepting needs a comment.
  await page.getByRole("tab", { name: "Mismatches" }).click();
  const mismatchRow = page.getByRole("row").filter({ hasText: overReference });
  await mismatchRow.getByRole("button", { name: "Accept" }).click();
  const accept = page.getByRole("dialog", { name: `Accept ${peso(overAmount)}?` });
  await accept.getByRole("button", { name: "Accept Amount" }).click();
  // The comment's own message, the one the API's 422 comment_required gives (not the shared reason one).
  await expect(
    accept.getByText("A comment is required to accept an amount that differs from the payment's"),
  ).toBeVisible();
  await expect(accept.getByText("A reason is required")).toHaveCount(0);
  await accept.getByLabel("Comment").fill("Buyer rounded up");
  await accept.getByRole("button", { name: "Accept Amount" }).click();
  await expect(toast(page, "Accepted; the payment is verified")).toBeVisible();

  // Money without tickets: the stranger's transfer, with Pedro's payment suggested.
  await page.getByRole("tab", { name: "Money without tickets" }).click();
  const strangerRow = page.getByRole("row").filter({ hasText: strangerRef });
  await expect(strangerRow).toContainText("the description names PEDRO");
  await expectNoA11yViolations(page, { include: "main", label: "money without tickets" });
  await strangerRow.getByRole("button", { name: `Confirm ${pedro.controlNumber}` }).click();
  await expect(toast(page, `Matched to ${pedro.controlNumber}`)).toBeVisible();

  // Unverified claims: the typed fake reference, not Pedro's (now verified), not the matched ones.
  await page.getByRole("tab", { name: "Unverified claims" }).click();
  await expect(page).toHaveURL(/tab=unverified-claims|\/dashboard\/reconciliation$/);
  const claims = page.getByRole("table", { name: "Unverified claims" });
  await expect(claims.getByRole("row").filter({ hasText: fakeRef })).toBeVisible();
  await expect(claims.getByRole("row").filter({ hasText: pedroRef })).toHaveCount(0);
  await expect(claims.getByRole("row").filter({ hasText: exactReference })).toHaveCount(0);
  await expect(page.getByTestId("summary-unverified-claims").first()).toHaveText(/^\d+ payments?, ₱[\d,]+\.\d{2}$/);
  await expect(page.getByRole("link", { name: "Export CSV" }).first()).toHaveAttribute(
    "href",
    "/api/reconciliation/reports/unverified-claims.csv",
  );
  await expectNoA11yViolations(page, { include: "main", label: "unverified claims" });

  // At 375 px the page does not scroll sideways (tables scroll in their own box).
  await page.setViewportSize({ width: 375, height: 740 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test("a bank CSV by its columns: preview and import, the bank payment matched", async ({ page, adminApi }) => {
  const reference = `INST-${Date.now()}`;
  const sale = await sell(adminApi, { method: "bank_transfer", reference });
  const day = manilaToday();
  const csv = BANK_LAYOUTS.bpi.file([
    { date: `${day} 09:00`, reference, description: "InstaPay JUAN", amount: sale.amount },
    { date: `${day} 10:00`, reference: "ATM-1", description: "ATM", amount: "1,000.00", debit: true },
  ]);
  const wizard = await openWizard(page);
  await wizard.getByLabel("Bank statement (CSV)").check();
  await wizard
    .getByLabel("Statement file")
    .setInputFiles({ name: "bpi.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await wizard.getByLabel("Account").fill(uniqueToken("BPI e2e "));
  await wizard.getByLabel("One signed amount column").check();
  await wizard.getByLabel("Date column").fill("Transaction Date");
  await wizard.getByLabel("Reference column").fill("Reference No");
  await wizard.getByLabel("Description column").fill("Description");
  await wizard.getByLabel("Amount column", { exact: true }).fill("Nope");
  await wizard.getByRole("button", { name: "Preview" }).click();
  await expect(wizard.getByRole("alert")).toContainText("The file has no column 'Nope'");
  await wizard.getByLabel("Amount column", { exact: true }).fill("Amount");
  await wizard.getByRole("button", { name: "Preview" }).click();
  await expect(wizard.getByTestId("import-preview").getByRole("status")).toContainText("1 credit line read");
  await expect(wizard.getByTestId("import-preview").getByRole("status")).toContainText("Matched: 1");
  await wizard.getByRole("button", { name: "Import 1 Line" }).click();
  await expect(toast(page, /Imported 1 new line .* 1 payment matched/)).toBeVisible();
  await page.getByRole("tab", { name: "Matched" }).click();
  await expect(
    page.getByRole("table", { name: "Matched" }).getByRole("row").filter({ hasText: reference }),
  ).toBeVisible();
});

test(
  "a line tab pages by 100 with the page in the URL, by keyboard; on a phone each line is a card " + "with its actions",
  async ({ page, adminApi }) => {
    test.slow();
    // 105 credits no payment explains (odd amounts: no suggestion either), all Money without tickets.
    const tag = uniqueToken("PAGE");
    const csv = BANK_LAYOUTS.bpi.file(
      Array.from({ length: 105 }, (_, i) => ({
        date: `2026-10-01 ${String(8 + Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}`,
        reference: `${tag}-${i}`,
        description: `Transfer ${i} from a stranger`,
        amount: "13.37",
      })),
    );
    const upload = await adminApi.post("/api/reconciliation/imports", {
      multipart: {
        file: { name: "paging.csv", mimeType: "text/csv", buffer: Buffer.from(csv) },
        kind: "bank_csv",
        accountLabel: uniqueToken("BPI paging "),
        mapping: JSON.stringify(BANK_LAYOUTS.bpi.mapping),
      },
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const linesRes = await adminApi.get("/api/reconciliation/lines?state=unmatched");
    const total = ((await linesRes.json()) as { total: number }).total;
    expect(total).toBeGreaterThanOrEqual(105);
    expect(total).toBeLessThanOrEqual(200);
    const count = (n: number) => n.toLocaleString("en-US");

    await page.goto("/dashboard/reconciliation?tab=unmatched");
    const pager = page.getByRole("navigation", { name: "Money without tickets pages" });
    const table = page.getByRole("table", { name: "Money without tickets" });
    await expect(pager.getByTestId("page-range")).toHaveText(`Showing 1–100 of ${count(total)} lines`);
    await expect(pager.getByTestId("page-indicator")).toHaveText("Page 1 of 2");
    await expect(table.locator("tbody tr")).toHaveCount(100);
    await expect(pager.getByRole("button", { name: "Previous" })).toBeDisabled();
    await expectNoA11yViolations(page, { include: "main", label: "line tab, page 1" });

    // Keyboard: Enter on Next turns the page; on the last page Next is disabled and focus moves to Previous.
    const next = pager.getByRole("button", { name: "Next" });
    await next.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/[?&]page=2(&|$)/);
    await expect(page).toHaveURL(/[?&]tab=unmatched(&|$)/);
    await expect(pager.getByTestId("page-range")).toHaveText(`Showing 101–${count(total)} of ${count(total)} lines`);
    await expect(page.getByTestId("lines-view")).toHaveAttribute("data-page", "2");
    await expect(table.locator("tbody tr")).toHaveCount(total - 100);
    await expect(next).toBeDisabled();
    await expect(pager.getByRole("button", { name: "Previous" })).toBeFocused();

    // The page survives a reload (it is in the URL); another tab starts at page 1; Back returns to page 2.
    await page.reload();
    await expect(pager.getByTestId("page-indicator")).toHaveText("Page 2 of 2");
    await page.getByRole("tab", { name: "Matched" }).click();
    await expect(page).not.toHaveURL(/[?&]page=/);
    await page.goBack();
    await expect(pager.getByTestId("page-indicator")).toHaveText("Page 2 of 2");
    await pager.getByRole("button", { name: "Previous" }).focus();
    await page.keyboard.press("Enter");
    await expect(pager.getByTestId("page-indicator")).toHaveText("Page 1 of 2");
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(next).toBeFocused();

    // A phone: no table to scroll sideways; each line is a card and its Ignore button is on screen.
    await page.setViewportSize({ width: 375, height: 740 });
    await expect(table).toBeHidden();
    const card = page
      .getByRole("list", { name: "Money without tickets" })
      .getByTestId("line-card")
      .filter({ hasText: `${tag}-0` });
    await expect(card).toBeVisible();
    const ignore = card.getByRole("button", { name: "Ignore" });
    await ignore.scrollIntoViewIfNeeded();
    const box = await ignore.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoA11yViolations(page, { include: "main", label: "line cards on a phone" });
    await ignore.click();
    const dialog = page.getByRole("dialog", { name: "Ignore ₱13.37?" });
    await dialog.getByLabel("Reason").fill("Test transfer, not raffle money");
    await dialog.getByRole("button", { name: "Ignore Line" }).click();
    await expect(toast(page, "Line ignored")).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Money without tickets pages" }).getByTestId("page-range"),
    ).toHaveText(`Showing 1–100 of ${count(total - 1)} lines`);
  },
);
