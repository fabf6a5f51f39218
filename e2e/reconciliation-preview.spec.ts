// The statement import's preview (issue 21, issue 26): every line of a long statement can be looked
// at before anything is written (the shared pager, 100 a page), times in the raffle's timezone
// (Asia/Manila), and counts that say "line" for one (the single-line case is in reconciliation.spec.ts).
import type { Page } from "@playwright/test";
import { BANK_LAYOUTS } from "../tests/helpers/statement-files";
import { expect, test } from "./fixtures";
import { uniqueToken } from "./tickets-page";

test.use({ role: "admin" });

async function previewBankCsv(page: Page, csv: string) {
  await page.goto("/dashboard/reconciliation");
  await page.getByRole("button", { name: "Import Statement" }).click();
  const wizard = page.getByRole("dialog", { name: "Import Statement" });
  await wizard.getByLabel("Bank statement (CSV)").check();
  await wizard
    .getByLabel("Statement file")
    .setInputFiles({ name: "bpi.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  await wizard.getByLabel("Account").fill(uniqueToken("BPI preview "));
  await wizard.getByLabel("One signed amount column").check();
  await wizard.getByLabel("Date column").fill("Transaction Date");
  await wizard.getByLabel("Reference column").fill("Reference No");
  await wizard.getByLabel("Description column").fill("Description");
  await wizard.getByLabel("Amount column", { exact: true }).fill("Amount");
  await wizard.getByRole("button", { name: "Preview" }).click();
  return wizard.getByTestId("import-preview");
}

test("a 150-line statement's preview pages by 100 and shows Manila times", async ({ page }) => {
  const stamp = Date.now();
  const lines = Array.from({ length: 150 }, (_, i) => ({
    date: `2026-11-20 ${String(8 + Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}`,
    reference: `PRV-${stamp}-${String(i + 1).padStart(3, "0")}`,
    description: `InstaPay buyer ${i + 1}`,
    amount: "50.00",
  }));
  const preview = await previewBankCsv(page, BANK_LAYOUTS.bpi.file(lines));
  await expect(preview.getByRole("status")).toContainText("150 credit lines read");
  const pager = preview.getByRole("navigation", { name: "Preview pages" });
  await expect(pager.getByTestId("page-range")).toHaveText("Showing 1–100 of 150 lines");
  await expect(preview.getByRole("table").getByRole("row")).toHaveCount(101);
  // The first line, 8:00 in Manila (the statement's own time), not 00:00 UTC.
  await expect(preview.getByRole("row").nth(1)).toContainText("Nov 20, 2026 8:00 AM");
  await expect(preview.getByText("UTC")).toHaveCount(0);

  await pager.getByRole("button", { name: "Next" }).click();
  await expect(pager.getByTestId("page-range")).toHaveText("Showing 101–150 of 150 lines");
  await expect(pager.getByTestId("page-indicator")).toHaveText("Page 2 of 2");
  await expect(preview.getByRole("table").getByRole("row")).toHaveCount(51);
  await expect(preview.getByRole("row").last()).toContainText(`PRV-${stamp}-150`);
  await expect(preview.getByRole("button", { name: "Import 150 Lines" })).toBeEnabled();
});
