// Issue 22 against the production build: the Print stubs dialog by keyboard (the PDF made in a
// worker and saved as a file, then listed in the print log), and the public verify page a stub's
// QR opens, on a phone-size screen: no sign-in, no cookie, no script, status in words, axe clean
// (WCAG 2.2 AA); Replace code in Ticket Details, after which the printed code answers 'replaced';
// printing the rows ticked in the list and the list's current filter. Needs poppler-utils and
// zbar-tools (pdftotext, pdftoppm, zbarimg), which .ci/run installs.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { screenshotForPeople } from "./helpers";
import { generateTickets } from "./seed";
import { gotoTickets, rowOf, rows, uniqueToken } from "./tickets-page";

test.use({ role: "admin" });

/** Prints the stubs of ticket `n` through the dialog, by keyboard only, and returns the saved PDF's path. */
async function printByKeyboard(page: Page, n: string) {
  await gotoTickets(page);
  await page.getByRole("button", { name: "Print stubs" }).focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Print stubs" });
  await expect(dialog).toBeVisible();
  // Which tickets: with no filter and no ticked rows, a number range (the other two are disabled).
  await expect(dialog.getByRole("radio", { name: "A number range" })).toBeFocused();
  await expect(dialog.getByRole("radio", { name: "A number range" })).toBeChecked();
  await expect(dialog.getByRole("radio", { name: /^Selected rows/ })).toBeDisabled();
  await page.keyboard.press("Tab");
  const from = dialog.getByLabel("From ticket number");
  await expect(from).toBeFocused();
  await page.keyboard.type(n);
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("To ticket number")).toBeFocused();
  await page.keyboard.type(n);
  await page.keyboard.press("Tab"); // paper: A4 (checked)
  await expect(dialog.getByRole("radio", { name: /^A4/ })).toBeFocused();
  await page.keyboard.press("Tab"); // layout
  // The arrow moves focus; Space checks the focused radio (a quick synthetic key press can end
  // before Radix's roving focus has moved, so the arrow alone may not check it).
  await page.keyboard.press("ArrowDown");
  await expect(dialog.getByRole("radio", { name: "10 a page (compact)" })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(dialog.getByRole("radio", { name: "10 a page (compact)" })).toBeChecked();
  await page.keyboard.press("Tab"); // order
  await page.keyboard.press("Tab"); // calibration
  await page.keyboard.press("Space");
  await expect(dialog.getByRole("checkbox")).toBeChecked();
  await expect(dialog.getByTestId("print-preview")).toContainText(n);
  await expectNoA11yViolations(page, {
    include: '[data-testid="print-stubs-dialog"]',
    label: "the Print stubs dialog",
  });
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Print stubs" }).focus();
  await page.keyboard.press("Enter");
  const file = await download;
  expect(file.suggestedFilename()).toBe(`stubs-${n}.pdf`);
  const saved = path.join(mkdtempSync(path.join(tmpdir(), "e2e-stubs-")), file.suggestedFilename());
  await file.saveAs(saved);
  return saved;
}

/** Presses the open dialog's Print stubs button and returns the saved PDF's path. */
async function printFromDialog(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Print stubs" });
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Print stubs" }).click();
  const file = await download;
  const saved = path.join(mkdtempSync(path.join(tmpdir(), "e2e-stubs-")), file.suggestedFilename());
  await file.saveAs(saved);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  return saved;
}

test(
  "Print stubs by keyboard saves the PDF and logs it; the stub's verify QR opens the public page " + "on a phone",
  async ({ page, adminApi, browser, app }) => {
    // Two PDFs read back, a QR decoded, a phone context and axe scans of each state.
    test.slow();
    const [ticket] = await generateTickets(adminApi, { buyer_name: uniqueToken("Stub Buyer ") });
    const n = ticket.last_5_digits;
    const pdf = await printByKeyboard(page, n);
    expect(readFileSync(pdf).subarray(0, 5).toString()).toBe("%PDF-");
    const text = execFileSync("pdftotext", ["-layout", pdf, "-"]).toString();
    expect(text).toContain(ticket.control_number);
    expect(text).toContain("Print at Actual size / 100%");

    await page.goto("/dashboard/tickets/prints");
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: `${n}` })
        .first(),
    ).toContainText("10 a page");

    // The QR codes, read from the PDF: the counterfoil's control number and the verify URL.
    execFileSync("pdftoppm", ["-r", "300", "-gray", "-png", "-f", "2", "-l", "2", pdf, `${pdf}-p`]);
    const dir = path.dirname(pdf);
    const image = readdirSync(dir).find((f) => f.endsWith(".png"))!;
    const codes = execFileSync("zbarimg", ["-q", "--raw", path.join(dir, image)], {
      stdio: ["ignore", "pipe", "ignore"],
    })
      .toString()
      .split("\n")
      .filter(Boolean);
    expect(codes).toContain(ticket.control_number);
    const url = codes.find((c) => c.includes("/V/"))!;
    expect(url).toMatch(/^HTTP:\/\/[0-9A-Z.:]+\/V\/[0-9A-Z]{33}$/);

    // A stranger's phone: no session, 375 px wide.
    const phone = await browser.newContext({
      viewport: { width: 375, height: 740 },
      storageState: { cookies: [], origins: [] },
    });
    const visitor = await phone.newPage();
    const path_ = url.replace(/^HTTP:\/\/[^/]+/, "");
    const res = await visitor.goto(`${app.url}${path_}`);
    expect(res!.status()).toBe(200);
    const headers = res!.headers();
    expect(headers["set-cookie"]).toBeUndefined();
    expect(headers["cache-control"]).toBe("no-store");
    expect(headers["referrer-policy"]).toBe("no-referrer");
    expect(headers["x-robots-tag"]).toBe("noindex");
    expect(headers["content-security-policy"]).toContain("script-src 'none'");
    expect(await res!.text()).not.toMatch(/<script/i);
    await expect(visitor.getByRole("status")).toHaveText("Registered: in the draw");
    await expect(visitor.getByText(ticket.control_number)).toBeVisible();
    expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoA11yViolations(visitor, { label: "the public verify page on a phone" });
    expect(await phone.cookies()).toEqual([]);

    // Two forged tokens: the same bytes.
    const forged = await Promise.all(
      ["/v/0000111AAAAAAAAAAAAAAAAAAAAAAAAAA", "/V/X"].map((p) => fetch(`${app.url}${p}`)),
    );
    expect(forged.map((r) => r.status)).toEqual([404, 404]);
    const [a, b] = await Promise.all(forged.map((r) => r.text()));
    expect(a).toBe(b);

    // The manual code on /verify, at 320 px.
    await visitor.setViewportSize({ width: 320, height: 640 });
    // The manual code: the one "XXX-XXX" on the stub that is not part of the control number.
    const code = /(?<![-\w])([0-9A-Z]{3}-[0-9A-Z]{3})(?![-\w])/.exec(text)?.[1];
    expect(code).toBeDefined();
    await visitor.goto(`${app.url}/verify`);
    await visitor.getByLabel("Control number").fill(ticket.control_number);
    if (code) {
      await visitor.getByLabel("Verify code").fill(code);
      await visitor.getByLabel("Verify code").press("Enter");
      await expect(visitor.getByRole("status")).toHaveText("Registered: in the draw");
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    }
    await phone.close();

    // Replace code in Ticket Details: the confirmation says the printed code stops working; then the
    // stub's QR answers 410 'This ticket code has been replaced'.
    await gotoTickets(page, `?q=${encodeURIComponent(ticket.buyer_name ?? "")}`);
    await page.getByRole("button", { name: `View details of ${ticket.control_number}` }).click();
    const details = page.getByRole("dialog", { name: "Ticket Details" });
    await details.getByRole("button", { name: "Replace code" }).click();
    const confirm = page.getByRole("dialog", { name: `Replace the verify code of ${ticket.control_number}?` });
    await expect(confirm).toContainText("stop working");
    await expect(confirm).toContainText("This ticket code has been replaced");
    await expectNoA11yViolations(page, {
      include: '[data-testid="replace-code-dialog"]',
      label: "the Replace code dialog",
    });
    await confirm.getByRole("button", { name: "Replace code" }).click();
    await expect(
      confirm.getByText("A reason of 3 to 200 characters is required to replace a ticket's verify code"),
    ).toBeVisible();
    await confirm.getByLabel("Reason").fill("Stub lost at the parish fair");
    await confirm.getByRole("button", { name: "Replace code" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(
      page.getByText(`The verify code of ${ticket.control_number} was replaced: print its stub again`),
    ).toBeVisible();
    const old = await fetch(`${app.url}${path_}`);
    expect(old.status).toBe(410);
    expect(await old.text()).toContain("This ticket code has been replaced");
  },
);

test("prints the rows ticked in the list, and the list's current filter", async ({ page, adminApi }) => {
  const buyer = uniqueToken("Tick Buyer ");
  const made = await generateTickets(adminApi, { buyer_name: buyer, quantity: 3 });
  const [a, b, c] = made;
  await gotoTickets(page, `?q=${encodeURIComponent(buyer)}`);
  await expect(rows(page)).toHaveCount(3);
  await rowOf(page, a.control_number).getByRole("checkbox").check();
  await rowOf(page, c.control_number).getByRole("checkbox").check();
  await expect(page.getByTestId("ticket-selection")).toContainText("2 tickets selected");

  await page.getByRole("button", { name: "Print stubs" }).click();
  const dialog = page.getByRole("dialog", { name: "Print stubs" });
  // Ticked rows come first when there are some.
  await expect(dialog.getByRole("radio", { name: "Selected rows (2)" })).toBeChecked();
  await expect(dialog.getByLabel("From ticket number")).toHaveCount(0);
  for (const t of [a, c]) await expect(dialog.getByTestId("print-preview")).toContainText(t.last_5_digits);
  await expectNoA11yViolations(page, {
    include: '[data-testid="print-stubs-dialog"]',
    label: "Print stubs with selected rows",
  });
  const picked = await printFromDialog(page);
  const pickedText = execFileSync("pdftotext", ["-layout", picked, "-"]).toString();
  expect([a, b, c].filter((t) => pickedText.includes(t.control_number))).toEqual([a, c]);

  // The current filter: the search for this buyer, all three tickets.
  await page.getByRole("button", { name: "Print stubs" }).click();
  await dialog.getByRole("radio", { name: /^The current filter: search '/ }).check();
  await expect(dialog.getByRole("radio", { name: /^The current filter/ })).toHaveAccessibleName(
    `The current filter: search '${buyer}' (3 tickets)`,
  );
  const filtered = await printFromDialog(page);
  const filteredText = execFileSync("pdftotext", ["-layout", filtered, "-"]).toString();
  for (const t of made) expect(filteredText).toContain(t.control_number);
  expect(filteredText).toContain(buyer);

  await page.getByRole("button", { name: "Clear selection" }).click();
  await expect(page.getByTestId("ticket-selection")).toHaveCount(0);
});

test.describe("at 375 × 740 (cards instead of the table)", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("cards are selectable like rows, and Print stubs takes the selected cards", async ({ page, adminApi }) => {
    const buyer = uniqueToken("Card Buyer ");
    const made = await generateTickets(adminApi, { buyer_name: buyer, quantity: 3 });
    const [a, b, c] = made;
    await gotoTickets(page, `?q=${encodeURIComponent(buyer)}`);
    await expect(page.getByTestId("ticket-card")).toHaveCount(3);
    await expect(page.getByTestId("ticket-row")).toHaveCount(0);

    // One checkbox per card, named by its control number; the page's checkbox follows them.
    const pageBox = page.getByRole("checkbox", { name: "Select every ticket on this page" });
    await expect(pageBox).not.toBeChecked();
    await rowOf(page, a.control_number)
      .getByRole("checkbox", { name: `Select ${a.control_number}` })
      .check();
    await expect(pageBox).toHaveAttribute("data-state", "indeterminate");
    // By keyboard too: Space ticks the focused box.
    await rowOf(page, c.control_number)
      .getByRole("checkbox", { name: `Select ${c.control_number}` })
      .focus();
    await page.keyboard.press("Space");
    await expect(rowOf(page, c.control_number).getByRole("checkbox")).toBeChecked();
    await expect(rowOf(page, b.control_number).getByRole("checkbox")).not.toBeChecked();
    await expect(page.getByTestId("ticket-selection")).toContainText("2 tickets selected");
    await expect(rowOf(page, a.control_number)).toHaveAttribute("data-state", "selected");
    // The tap area is at least 24 × 24 px (WCAG 2.5.8).
    const box = await rowOf(page, a.control_number).locator("label").first().boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(24);
    expect(box!.height).toBeGreaterThanOrEqual(24);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoA11yViolations(page, {
      include: '[data-testid="tickets-list"]',
      label: "selectable ticket cards at 375 px",
    });
    // For a person to look at (test-results/…/cards-375.png).
    await screenshotForPeople(page, { path: test.info().outputPath("cards-375.png") });

    await page.getByRole("button", { name: "Print stubs" }).click();
    const dialog = page.getByRole("dialog", { name: "Print stubs" });
    await expect(dialog.getByRole("radio", { name: "Selected rows (2)" })).toBeChecked();
    const picked = await printFromDialog(page);
    const pickedText = execFileSync("pdftotext", ["-layout", picked, "-"]).toString();
    expect([a, b, c].filter((t) => pickedText.includes(t.control_number))).toEqual([a, c]);

    // The page's checkbox ticks and clears every card on the page.
    await pageBox.check();
    for (const t of made) await expect(rowOf(page, t.control_number).getByRole("checkbox")).toBeChecked();
    await expect(page.getByTestId("ticket-selection")).toContainText("3 tickets selected");
    await pageBox.uncheck();
    await expect(page.getByTestId("ticket-selection")).toHaveCount(0);
  });
});
