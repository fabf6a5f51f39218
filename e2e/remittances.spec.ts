// Seller accountability (issue 20) against the production build, as people do it: the treasurer
// hands a seller a range of stubs, the seller sells them (one through the Register screen), the
// treasurer records the cash (expected amount beside the field, seller pre-filled from the row),
// prints the receipt (its PDF read back with pdftotext: 'Receipt No. n', '₱1,250.00'), voids it with
// a reason, and prints the report; the seller sees only their own statement and receipts. axe at
// 1280 and 375 px, light and dark. docs/decisions/090–095.
import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { expectNoA11yViolations } from "./a11y";
import { pdfText } from "./pdf";
import { expect, STAFF, test, watchPage } from "./fixtures";
import { switchTheme } from "./helpers";
import { registerPage } from "./register-page";
import { addUser, createUnregisteredTickets } from "./seed";
import { toast } from "./tickets-page";
import type { Ticket } from "@/lib/api/tickets";

const STAFF_LABEL = (email: string) => `${STAFF.displayName} (${email})`;
/** 25 stubs at the default ₱50: the seller owes ₱1,250.00. */
const STUBS = 25;

interface UserRow {
  id: string;
  email: string;
}

async function userId(api: APIRequestContext, email: string) {
  const res = await api.get("/api/auth/users");
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { users?: UserRow[] } | UserRow[];
  const users = Array.isArray(body) ? body : (body.users ?? []);
  const user = users.find((u) => u.email === email);
  expect(user, `user ${email}`).toBeTruthy();
  return user!.id;
}

/** Follows a Print link the way the browser would (same cookies), and reads the PDF's text. */
async function printedText(page: Page, link: Locator) {
  const href = await link.getAttribute("href");
  expect(href).toBeTruthy();
  const res = await page.request.get(href!);
  expect(res.status(), await res.text().catch(() => "")).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  return pdfText(await res.body());
}

/** The seller, in a browser of their own (the worker's staff sign-in). */
async function sellerPage(browser: Browser, storageState: string, baseURL: string, problems: string[]) {
  const context = await browser.newContext({ storageState, baseURL });
  const page = await context.newPage();
  watchPage(page, problems);
  return page;
}

function row(page: Page, email: string) {
  // A table row from 1024 px, a card below it (issue 38 item 8): the one on screen.
  return page
    .getByTestId("balance-row")
    .and(page.locator(`[data-seller="${email}"]`))
    .filter({ visible: true });
}

/** A figure of a seller's row by its label (Held, Sold, Outstanding, Collected, Remitted: issue 38 item 8). */
function figure(row: Locator, label: string) {
  return row.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
}

async function chooseSeller(page: Page, dialog: Locator, label: string) {
  await dialog.getByRole("combobox", { name: "Seller" }).click();
  await page.getByRole("option", { name: label, exact: true }).click();
}

test.describe("as the treasurer (an administrator)", () => {
  test.use({ role: "admin" });

  test(
    "hands out stubs, the seller sells, records the cash, prints the receipt, voids it with a " +
      "reason, prints the report",
    async ({ page, adminApi, userApi, browser, authStates, app, staffEmail }) => {
      // A whole flow with PDFs read back and axe in four states: longer than one screen's test.
      test.slow();
      const tickets: Ticket[] = await createUnregisteredTickets(adminApi, STUBS);
      const first = tickets[0].last_5_digits;
      const last = tickets[STUBS - 1].last_5_digits;
      const staffId = await userId(adminApi, staffEmail);
      // Earlier tests on this worker's server may have sold for this seller (in the full suite they
      // do): settle what they left with an adjustment, so every figure below is this test's own.
      const balances = (await (await adminApi.get("/api/remittances/balances")).json()) as {
        sellers: { sellerId: string; balance: string; sold: number }[];
      };
      const before = balances.sellers.find((s) => s.sellerId === staffId);
      const left = before?.balance ?? "0.00";
      const soldBefore = before?.sold ?? 0;
      if (left !== "0.00") {
        const settled = await adminApi.post("/api/remittances/adjustments", {
          data: { sellerId: staffId, amount: left, reason: "Settles the sales of earlier tests on this server" },
        });
        expect(settled.status(), await settled.text()).toBeLessThan(300);
      }

      // 1. Hand out the stubs.
      await page.goto("/dashboard/remittances");
      await expect(page.getByRole("heading", { name: "Remittances", level: 1 })).toBeVisible();
      await page.getByRole("button", { name: "Hand Out Stubs" }).click();
      const allocate = page.getByRole("dialog", { name: "Hand out stubs" });
      await chooseSeller(page, allocate, STAFF_LABEL(staffEmail));
      await allocate.getByLabel("From number").fill(first);
      await allocate.getByLabel("To number").fill(last);
      await expectNoA11yViolations(page, {
        include: '[data-testid="allocate-stubs-dialog"]',
        label: "the Hand out stubs dialog",
      });
      await allocate.getByRole("button", { name: "Hand Out Stubs" }).click();
      await expect(toast(page, `${STUBS} stubs (${first}–${last}) handed out`)).toBeVisible();
      await expect(allocate).toHaveCount(0);
      const staffRow = row(page, staffEmail);
      await expect(figure(staffRow, "Held")).toHaveText(String(STUBS));
      await expect(figure(staffRow, "Outstanding")).toHaveText(`${STUBS} (₱1,250.00)`);

      // The same range again: refused naming the holder, nothing allocated.
      await page.getByRole("button", { name: "Hand Out Stubs" }).click();
      await chooseSeller(page, allocate, STAFF_LABEL(staffEmail));
      await allocate.getByLabel("From number").fill(first);
      await allocate.getByLabel("To number").fill(first);
      await allocate.getByRole("button", { name: "Hand Out Stubs" }).click();
      await expect(allocate.getByText(`Ticket ${first} is already allocated to ${STAFF.displayName}`)).toBeVisible();
      await allocate.getByRole("button", { name: "Cancel" }).click();

      // 2. The seller sells: one stub through the Register screen, the rest through the API.
      const problems: string[] = [];
      const seller = await sellerPage(browser, authStates.user, app.url, problems);
      const r = registerPage(seller);
      await r.open();
      await r.controlNumber.fill(first);
      await expect(r.status).toContainText("Ticket found!");
      await r.buyerName.fill("Maria Clara");
      await r.phone.fill("09171234567");
      await r.singleSubmit.click();
      await expect(r.singleResult.getByRole("heading")).toHaveText("Registration Successful!");
      await seller.context().close();
      expect(problems, "errors in the seller's browser").toEqual([]);
      for (const t of tickets.slice(1)) {
        const res = await userApi.put(`/api/tickets/register/${t.control_number}`, {
          data: { buyerName: "Juan Dela Cruz", phoneNumber: "09171234567" },
        });
        expect(res.status(), await res.text()).toBe(200);
      }

      // The Overview flags a seller whose cash on hand passes the cash_on_hand_alert setting (₱5,000 by default).
      await page.goto("/dashboard/overview");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(
        page.getByRole("region", { name: "Cash on hand alerts" }).filter({ hasText: STAFF.displayName }),
      ).toHaveCount(0);
      expect((await adminApi.put("/api/settings", { data: { cash_on_hand_alert: 1000 } })).status()).toBe(200);
      try {
        await page.reload();
        const alerts = page.getByRole("region", { name: "Cash on hand alerts" });
        await expect(alerts).toContainText("Cash on hand above ₱1,000.00");
        await expect(alerts.getByRole("listitem").filter({ hasText: STAFF.displayName })).toContainText("₱1,250.00");
        await alerts.getByRole("link", { name: "Remittances" }).click();
        await expect(page).toHaveURL(/\/dashboard\/remittances\?owing=true$/);
        await expect(page.getByRole("switch", { name: "Owing only" })).toBeChecked();
        await expect(staffRow.getByText("Over limit")).toBeVisible();
      } finally {
        expect((await adminApi.put("/api/settings", { data: { cash_on_hand_alert: 5000 } })).status()).toBe(200);
      }

      // 3. Record the remittance from the seller's row: seller pre-filled, the expected amount beside the field.
      await page.goto("/dashboard/remittances");
      await expect(staffRow.getByTestId("balance-cell")).toContainText("₱1,250.00");
      await expect(figure(staffRow, "Sold")).toHaveText(String(soldBefore + STUBS));
      await expect(figure(staffRow, "Outstanding")).toHaveText("0 (₱0.00)");
      await staffRow.getByRole("button", { name: `Record remittance from ${STAFF.displayName}` }).click();
      const record = page.getByRole("dialog", { name: "Record remittance" });
      await expect(record.getByRole("combobox", { name: "Seller" })).toHaveText(STAFF_LABEL(staffEmail));
      await expect(record.getByTestId("expected-amount")).toHaveText("Expected: ₱1,250.00 (the seller's balance)");
      await expect(record.getByLabel("Amount (₱)")).toHaveAccessibleDescription(/Expected: ₱1,250.00/);
      await expectNoA11yViolations(page, {
        include: '[data-testid="record-remittance-dialog"]',
        label: "the Record remittance dialog",
      });
      // A bad amount is a field error; nothing is recorded.
      await record.getByLabel("Amount (₱)").fill("0");
      await record.getByRole("button", { name: "Record Remittance" }).click();
      await expect(record.getByText(/amount must be pesos from 0.01 to 1,000,000.00/)).toBeVisible();
      await record.getByLabel("Amount (₱)").fill("1250.00");
      await record.getByLabel("Note (optional)").fill("First week's sales");
      await record.getByRole("button", { name: "Record Remittance" }).click();
      const recorded = toast(page, /^Receipt No\. \d+ recorded/);
      await expect(recorded).toBeVisible();
      await expect(recorded.getByRole("button", { name: "Print receipt" })).toBeVisible();
      const receiptNumber = Number(/Receipt No\. (\d+)/.exec((await recorded.textContent()) ?? "")![1]);
      await expect(record).toHaveCount(0);
      await expect(staffRow.getByTestId("balance-cell")).toContainText("₱0.00");
      await expect(figure(staffRow, "Remitted")).toHaveText("₱1,250.00");

      // 4. The seller's statement, from the row's menu; print the receipt.
      await staffRow.getByRole("button", { name: `More for ${STAFF.displayName}` }).click();
      await page.getByRole("menuitem", { name: "Statement" }).click();
      await expect(page).toHaveURL(new RegExp(`/dashboard/statement\\?seller=${staffId}$`));
      await expect(page.getByRole("heading", { name: `Statement: ${STAFF.displayName}`, level: 1 })).toBeVisible();
      const receiptRow = page.getByTestId("receipt-row").and(page.locator(`[data-receipt="${receiptNumber}"]`));
      await expect(receiptRow).toContainText("₱1,250.00");
      await expect(receiptRow).toContainText("Valid");
      const text = await printedText(
        page,
        receiptRow.getByRole("link", { name: `Print receipt No. ${receiptNumber}` }),
      );
      expect(text).toContain(`Receipt No. ${receiptNumber}`);
      expect(text).toContain("₱1,250.00");
      expect(text).toContain("SELLER'S COPY");
      expect(text).toContain("TREASURER'S COPY");
      expect(text.match(/Receipt No\. \d+/g)).toHaveLength(2);
      expect(text).not.toContain("VOID");

      // 5. Void it with a reason: it keeps its number, is marked VOID, and leaves the balance.
      await receiptRow.getByRole("button", { name: `Void receipt No. ${receiptNumber}` }).click();
      const voidDialog = page.getByRole("dialog", { name: `Void receipt No. ${receiptNumber}?` });
      await voidDialog.getByRole("button", { name: "Void Receipt" }).click();
      await expect(voidDialog.getByText("A reason is required to void a receipt")).toBeVisible();
      await voidDialog.getByLabel("Reason").fill("Counted twice: recorded again below");
      await expectNoA11yViolations(page, {
        include: '[data-testid="void-remittance-dialog"]',
        label: "the Void receipt dialog",
      });
      await voidDialog.getByRole("button", { name: "Void Receipt" }).click();
      await expect(voidDialog).toHaveCount(0);
      await expect(receiptRow).toContainText("VOID");
      await expect(receiptRow.getByRole("button", { name: /^Void receipt/ })).toHaveCount(0);
      await expect(page.getByTestId("statement-balance")).toHaveText("₱1,250.00");
      const voided = await printedText(
        page,
        receiptRow.getByRole("link", { name: `Print receipt No. ${receiptNumber}` }),
      );
      expect(voided).toContain(`Receipt No. ${receiptNumber}`);
      expect(voided).toContain("VOID");
      expect(voided).toContain("Counted twice: recorded again below");
      // Voiding twice: 409.
      const receiptId = (
        await (await adminApi.get(`/api/sellers/${staffId}/statement`)).json()
      ).statement.receipts.find((x: { receiptNumber: number }) => x.receiptNumber === receiptNumber).id as string;
      expect((await adminApi.post(`/api/remittances/${receiptId}/void`, { data: { reason: "again" } })).status()).toBe(
        409,
      );

      // 6. The report PDFs: this seller's (from the statement), and the whole raffle's.
      const report = await printedText(page, page.getByRole("link", { name: "Report PDF" }));
      expect(report).toContain(STAFF.displayName);
      expect(report).toContain("VOID");
      await page.goto("/dashboard/remittances");
      const whole = await printedText(page, page.getByRole("link", { name: "Report PDF" }));
      expect(whole).toContain("Remittance report: all sellers");
      expect(whole).toContain(STAFF.displayName);
    },
  );

  test(
    "the Remittances screen and its dialogs pass axe at 1280 and 375 px, light and dark; take back " +
      "stubs, adjust, the owing filter",
    async ({ page, adminApi }) => {
      // A whole flow with PDFs read back and axe in four states: longer than one screen's test.
      test.slow();
      const email = `owing-${Date.now().toString(36)}@example.com`;
      await addUser(adminApi, { email, displayName: "Owen Owing" });
      const owenId = await userId(adminApi, email);
      const [ticket] = await createUnregisteredTickets(adminApi, 1);
      expect(
        (
          await adminApi.post(`/api/sellers/${owenId}/allocations`, {
            data: { from: ticket.last_5_digits, to: ticket.last_5_digits },
          })
        ).status(),
      ).toBe(201);
      expect(
        (
          await adminApi.post("/api/remittances", { data: { sellerId: owenId, amount: "10.00", method: "cash" } })
        ).status(),
      ).toBe(201);
      expect(
        (
          await adminApi.post("/api/remittances/adjustments", {
            data: { sellerId: owenId, amount: "-60.00", reason: "short at handover" },
          })
        ).status(),
      ).toBe(201);

      // With the alert at ₱10.00 Owen's row carries the "Over limit" badge, checked for contrast too.
      expect((await adminApi.put("/api/settings", { data: { cash_on_hand_alert: 10 } })).status()).toBe(200);
      try {
        // One load, checked at each width in each theme (the badge's setting is read on load).
        await page.goto("/dashboard/remittances");
        for (const width of [1280, 375]) {
          await page.setViewportSize({ width, height: 800 });
          for (const theme of ["light", "dark"] as const) {
            await switchTheme(page, theme);
            await expect(row(page, email).getByText("Over limit")).toBeVisible();
            await expect(page.getByTestId("remittance-totals")).toContainText(
              /Cash collected ₱[\d,.]+, remitted .* GCash and bank ₱[\d,.]+, paid to the organisation \(not owed\)\./,
            );
            await expectNoA11yViolations(page, { include: "main", label: `Remittances at ${width} px (${theme})` });
            await row(page, email).getByRole("button", { name: "Record remittance from Owen Owing" }).click();
            const record = page.getByRole("dialog", { name: "Record remittance" });
            await expect(record.getByTestId("expected-amount")).toHaveText("Expected: ₱50.00 (the seller's balance)");
            await expectNoA11yViolations(page, {
              include: '[data-testid="record-remittance-dialog"]',
              label: `Record remittance at ${width} px (${theme})`,
            });
            await record.getByRole("button", { name: "Cancel" }).click();
            await expect(record).toHaveCount(0);
            const scroll = await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            );
            expect(scroll, "the page itself does not scroll sideways").toBeLessThanOrEqual(0);
          }
        }
        // An administrator's view of a statement (every action, a VOID receipt) in dark mode on a phone.
        const mistaken = (
          await (
            await adminApi.post("/api/remittances", { data: { sellerId: owenId, amount: "5.00", method: "cash" } })
          ).json()
        ).remittance;
        expect(
          (await adminApi.post(`/api/remittances/${mistaken.id}/void`, { data: { reason: "wrong seller" } })).status(),
        ).toBe(200);
        await page.goto(`/dashboard/statement?seller=${owenId}`);
        await expect(
          page.getByTestId("receipt-row").and(page.locator(`[data-receipt="${mistaken.receiptNumber}"]`)),
        ).toContainText("VOID");
        await expectNoA11yViolations(page, {
          include: "main",
          label: "an administrator's statement view at 375 px (dark)",
        });
        // Owen gives his unsold stub back, and his ₱50.00 shortage is written off, through the dialogs.
        await expect(page.getByTestId("held-ranges")).toHaveText(ticket.last_5_digits);
        await page.getByRole("button", { name: "Take Back Stubs" }).click();
        const takeBack = page.getByRole("dialog", { name: "Take back stubs from Owen Owing" });
        await takeBack.getByLabel("Stub numbers").fill(ticket.last_5_digits);
        await expectNoA11yViolations(page, {
          include: '[data-testid="return-stubs-dialog"]',
          label: "Take back stubs at 375 px (dark)",
        });
        await takeBack.getByRole("button", { name: "Take Back" }).click();
        await expect(takeBack).toHaveCount(0);
        await expect(page.getByTestId("held-ranges")).toHaveCount(0);
        await expect(page.getByTestId("statement-outstanding")).toHaveText("0");
        await page.getByRole("button", { name: "Adjust" }).click();
        const adjust = page.getByRole("dialog", { name: "Adjust Owen Owing's balance" });
        await adjust.getByLabel("Amount (₱, signed)").fill("50.00");
        await adjust.getByLabel("Reason").fill("Written off: lost at the fair");
        await expectNoA11yViolations(page, {
          include: '[data-testid="adjust-balance-dialog"]',
          label: "Adjust balance at 375 px (dark)",
        });
        await adjust.getByRole("button", { name: "Record Adjustment" }).click();
        await expect(adjust).toHaveCount(0);
        await expect(page.getByTestId("statement-balance")).toHaveText("₱0.00");
        await expect(page.getByText("Written off: lost at the fair")).toBeVisible();
      } finally {
        expect((await adminApi.put("/api/settings", { data: { cash_on_hand_alert: 5000 } })).status()).toBe(200);
      }
      await page.goto("/dashboard/remittances");

      // "Owing only" (kept in the URL) hides Owen, who owes nothing now.
      await expect(row(page, email)).toBeVisible();
      await page.getByRole("switch", { name: "Owing only" }).click();
      await expect(page).toHaveURL(/owing=true/);
      await expect(row(page, email)).toHaveCount(0);
      for (const r of await page.getByTestId("balance-cell").allTextContents()) expect(r).not.toMatch(/^-|^₱0\.00/);
    },
  );
});

test.describe("a seller row's More menu", () => {
  test.use({ role: "admin" });

  test(
    "its code arrives only when the button is used; ArrowDown opens it, Escape gives the focus " +
      "back, Hand out stubs opens the dialog for the row",
    async ({ page, adminApi }) => {
      // Decision 179: the Radix menu is not in the screen's first load; pointing at or focusing the
      // button fetches it, a press mounts it open.
      const email = `menu-${Date.now().toString(36)}@example.com`;
      await addUser(adminApi, { email, displayName: "Mia Menu" });
      const miaId = await userId(adminApi, email);
      const [ticket] = await createUnregisteredTickets(adminApi, 1);
      expect(
        (
          await adminApi.post(`/api/sellers/${miaId}/allocations`, {
            data: { from: ticket.last_5_digits, to: ticket.last_5_digits },
          })
        ).status(),
      ).toBe(201);
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(request.url());
      });
      await page.goto("/dashboard/remittances");
      const more = row(page, email).getByRole("button", { name: "More for Mia Menu" });
      await expect(more).toBeVisible();
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("menu")).toHaveCount(0);
      const loaded = scripts.length;
      await expect(more).toHaveAttribute("aria-haspopup", "menu");
      await expect(more).toHaveAttribute("aria-expanded", "false");
      await more.focus();
      await expect.poll(() => scripts.length, { message: "focus fetches the menu's code" }).toBeGreaterThan(loaded);
      await page.keyboard.press("ArrowDown");
      const menu = page.getByRole("menu");
      await expect(menu.getByRole("menuitem", { name: "Hand out stubs" })).toBeVisible();
      await expect(menu.getByRole("menuitem", { name: "Statement" })).toBeVisible();
      await expect(more).toHaveAttribute("aria-expanded", "true");
      await expectNoA11yViolations(page, { label: "a seller row's menu open" });
      await page.keyboard.press("Escape");
      await expect(menu).toHaveCount(0);
      await expect(more).toBeFocused();

      // Opened again (now the Radix menu itself) with a click: Hand out stubs, for this seller.
      await more.click();
      await page.getByRole("menuitem", { name: "Hand out stubs" }).click();
      const handOut = page.getByRole("dialog", { name: "Hand out stubs" });
      await expect(handOut).toBeVisible();
      await expect(handOut.getByRole("combobox", { name: "Seller" })).toContainText("Mia Menu");
      await page.keyboard.press("Escape");
      await expect(handOut).toHaveCount(0);
    },
  );
});

test.describe("as a seller (staff)", () => {
  test.use({ role: "user" });

  test(
    "sees only their own statement and receipts; another's statement is 403 and another's receipt " +
      "404; axe at 1280 and 375, light and dark",
    async ({ page, adminApi, userApi, staffEmail }) => {
      // A whole flow with PDFs read back and axe in four states: longer than one screen's test.
      test.slow();
      const staffId = await userId(adminApi, staffEmail);
      const otherEmail = `other-seller-${Date.now().toString(36)}@example.com`;
      await addUser(adminApi, { email: otherEmail, displayName: "Olga Other" });
      const otherId = await userId(adminApi, otherEmail);
      const [mine, theirs] = await createUnregisteredTickets(adminApi, 2);
      expect(
        (
          await adminApi.post(`/api/sellers/${staffId}/allocations`, {
            data: { from: mine.last_5_digits, to: mine.last_5_digits },
          })
        ).status(),
      ).toBe(201);
      expect(
        (
          await adminApi.post(`/api/sellers/${otherId}/allocations`, {
            data: { from: theirs.last_5_digits, to: theirs.last_5_digits },
          })
        ).status(),
      ).toBe(201);
      const own = (
        await (
          await adminApi.post("/api/remittances", { data: { sellerId: staffId, amount: "75.50", method: "cash" } })
        ).json()
      ).remittance;
      const other = (
        await (
          await adminApi.post("/api/remittances", { data: { sellerId: otherId, amount: "99.00", method: "cash" } })
        ).json()
      ).remittance;
      const mistaken = (
        await (
          await adminApi.post("/api/remittances", { data: { sellerId: staffId, amount: "7.00", method: "cash" } })
        ).json()
      ).remittance;
      expect(
        (
          await adminApi.post(`/api/remittances/${mistaken.id}/void`, { data: { reason: "typed the wrong amount" } })
        ).status(),
      ).toBe(200);

      // The sidebar has My Statement, not Remittances; Remittances itself sends a seller away.
      await page.goto("/dashboard/overview");
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.getByRole("link", { name: /My Statement/ })).toBeVisible();
      await expect(nav.getByRole("link", { name: /^Remittances/ })).toHaveCount(0);
      await nav.getByRole("link", { name: /My Statement/ }).click();
      await expect(page).toHaveURL(/\/dashboard\/statement$/);
      await expect(page.getByRole("heading", { name: "My Statement", level: 1 })).toBeVisible();
      const ownRow = page.getByTestId("receipt-row").and(page.locator(`[data-receipt="${own.receiptNumber}"]`));
      await expect(ownRow).toContainText("₱75.50");
      await expect(ownRow).toContainText("Valid");
      await expect(
        page.getByTestId("receipt-row").and(page.locator(`[data-receipt="${mistaken.receiptNumber}"]`)),
      ).toContainText("VOID");
      await expect(page.getByTestId("receipt-row").filter({ hasText: "₱99.00" })).toHaveCount(0);
      await expect(page.getByTestId("held-ranges")).toContainText(mine.last_5_digits);
      await expect(page.getByTestId("held-ranges")).not.toContainText(theirs.last_5_digits);
      // No administrator's actions for a seller.
      await expect(page.getByRole("button", { name: /^Void receipt/ })).toHaveCount(0);
      await expect(page.getByRole("button", { name: "Record Remittance" })).toHaveCount(0);
      // Their own receipt prints.
      const text = await printedText(
        page,
        ownRow.getByRole("link", { name: `Print receipt No. ${own.receiptNumber}` }),
      );
      expect(text).toContain(`Receipt No. ${own.receiptNumber}`);
      expect(text).toContain("₱75.50");

      // Another's statement in the address bar: still their own.
      await page.goto(`/dashboard/statement?seller=${otherId}`);
      await expect(page.getByRole("heading", { name: "My Statement", level: 1 })).toBeVisible();
      await expect(page.getByTestId("receipt-row").filter({ hasText: "₱99.00" })).toHaveCount(0);
      await page.goto("/dashboard/remittances");
      await expect(page).toHaveURL(/\/dashboard\/overview$/);

      // The API says the same: their own statement; another's 403; another's receipt 404; no report.
      const me = await userApi.get("/api/sellers/me/statement");
      expect(me.status()).toBe(200);
      const statement = (await me.json()).statement;
      expect(statement.receipts.map((x: { id: string }) => x.id)).toContain(own.id);
      expect(statement.receipts.map((x: { id: string }) => x.id)).not.toContain(other.id);
      expect((await userApi.get(`/api/sellers/${otherId}/statement`)).status()).toBe(403);
      expect((await userApi.get(`/api/sellers/${staffId}/statement`)).status()).toBe(200);
      expect((await userApi.get(`/api/remittances/${other.id}/receipt.pdf`)).status()).toBe(404);
      expect((await userApi.get(`/api/remittances/${own.id}/receipt.pdf`)).status()).toBe(200);
      expect((await userApi.get("/api/remittances/balances")).status()).toBe(403);
      expect((await userApi.get(`/api/remittances/report.pdf?seller=${staffId}`)).status()).toBe(403);
      expect((await userApi.post("/api/remittances", { data: { sellerId: staffId, amount: "1.00" } })).status()).toBe(
        403,
      );

      await page.goto("/dashboard/statement");
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        for (const theme of ["light", "dark"] as const) {
          await switchTheme(page, theme);
          await expect(ownRow).toBeVisible();
          await expectNoA11yViolations(page, { include: "main", label: `My Statement at ${width} px (${theme})` });
          const scroll = await page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(scroll, "the page itself does not scroll sideways").toBeLessThanOrEqual(0);
        }
      }
    },
  );
});
