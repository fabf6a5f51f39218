// Backups (issue 43) on a server of its own: Settings shows there is none yet, Back up now takes one
// and shows its time, Download latest saves the file (a gzip whose first entry is the manifest), and
// Close-out shows the same backup; axe clean.
import { gunzipSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { expect, test } from "./browser-test";
import { expectNoA11yViolations } from "./a11y";
import { screenshotForPeople, TAKE_SCREENSHOTS } from "./helpers";
import { useOwnServer } from "./own-server";

const server = useOwnServer({ portOffset: 43, code: "BACK-UP43" });

test("Back up now, the last backup's time on Settings and Close-out, and its download", async ({
  page,
  playwright,
}) => {
  await server.signInAsAdmin(page, playwright);
  await page.goto("/dashboard/settings");
  await expect(page.getByTestId("last-backup")).toHaveText("No backup yet.");
  await expect(page.getByRole("button", { name: "Download latest" })).toBeDisabled();
  await page.getByRole("button", { name: "Back up now" }).click();
  // The request answers once the file is written: a second or two, but more than the default 10 s
  // once in CI, this spec running while the run's other servers were starting. Its outcome (the
  // toast, which names the error if it failed) is waited for as long as a test allows a job.
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: /Backup taken|The backup failed/ }),
    "the backup's outcome",
  ).toContainText("Backup taken", { timeout: 30_000 });
  await expect(page.getByTestId("last-backup")).toContainText(/^Last backup: .+ \(by hand, \d+ KB\)$/);
  await expectNoA11yViolations(page, { include: "main", label: "Settings with a backup" });
  if (TAKE_SCREENSHOTS) {
    // The card in view, for a person to look at (E2E_SCREENSHOTS=1).
    await page
      .getByRole("heading", { name: "Backups" })
      .locator("xpath=ancestor::*[@data-slot='card'][1]")
      .scrollIntoViewIfNeeded();
    await screenshotForPeople(page, { path: "test-results/backups-settings.png", fullPage: false });
  }

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download latest" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^raffle-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}Z\.tar\.gz$/);
  const tar = gunzipSync(readFileSync(await download.path()));
  expect(tar.subarray(0, 13).toString()).toBe("manifest.json");
  expect(
    JSON.parse(tar.subarray(512, 512 + Number.parseInt(tar.subarray(124, 135).toString(), 8)).toString()),
  ).toMatchObject({ format: "raffle-backup", withSecrets: false });

  await page.goto("/dashboard/closeout");
  await expect(page.getByTestId("last-backup")).toContainText("Last backup:");
});
