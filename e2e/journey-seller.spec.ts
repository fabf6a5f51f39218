// One raffle from the first stub to Close (issue 38, "Done when"), on a server of its own, as two
// people run it side by side: the organiser (an administrator, 1280 × 800) and a seller in a browser
// context of their own, with a buyer's phone (375 × 740, no session) at the end. Through the screens:
// the organiser adds the seller (Settings → Users), generates four stubs (Custom Range), prints them
// (the PDF's QR codes read with zbarimg) and hands them to the seller (Remittances → Hand out stubs);
// the seller signs in, sees only a seller's screens (the admin ones are hidden and refused, on the
// screens and the API), and registers two buyers by cash and one by GCash on Register; the organiser
// sees the seller's figures on Remittances, takes back the unsold stub, records the cash and sees
// the balance go to zero, imports a GCash statement covering the GCash sale (Reconciliation's
// wizard), and finds the same counts on Overview, User Sales and Remittances; the organiser closes
// sales (the seller's Register then says so up front), commits, draws with witnessed dice, notifies
// and publishes the winner; each printed stub's verify QR opens on the phone without a cookie and
// says winner, not a winner or not sold; the prize is claimed and the raffle closed (typed CLOSE).
// Only what the journey is not about goes through the API (the rate limit, the price it reads).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Browser, type Locator, type Page } from "./browser-test";
import { gcashStatementPdf } from "../tests/helpers/statement-files";
import { watchPage } from "./fixtures";
import { chooseTab, screenshotForPeople, sidebarLinks } from "./helpers";
import { useOwnServer } from "./own-server";
import { registerPage } from "./register-page";
import { statValue } from "./stats-pages";
import { toast } from "./tickets-page";

test.describe.configure({ mode: "serial" });
const CODE = "SELR-J0RN";
const server = useOwnServer({ portOffset: 76, code: CODE });
test.use({ viewport: { width: 1280, height: 800 } });

const SELLER = { name: "Sofia Seller", email: "sofia.seller@example.com" };
const SHOTS = path.join("test-results", "journey-seller");
/** The GCash reference on the buyer's receipt, and on the statement line that pays it. */
const GCASH_REF = "1001543610377";
const DICE = "35126443526115623416";
const PRIZE = "Honda Click 125i";

const manilaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
/** ₱1,250.00, as every screen writes an amount. */
const peso = (n: number) => `₱${n.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function shot(page: Page, stage: string) {
  await screenshotForPeople(page, { path: path.join(SHOTS, `${stage}.png`), fullPage: true });
}

/** The seller signs in on the development sign-in with the code the server was started with. */
async function signInSeller(browser: Browser, problems: string[]) {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  watchPage(page, problems);
  await page.goto("/login");
  await page.getByLabel("Email").fill(SELLER.email);
  await page.getByLabel("Sign-in code").fill(CODE);
  await page.getByRole("button", { name: "Sign in (development)" }).click();
  await page.waitForURL(/\/dashboard\/overview$/);
  await expect(page.getByRole("button", { name: "Account menu" })).toBeVisible();
  return page;
}

/** The seller's row on Remittances (a table row from 1024 px). */
function sellerRow(page: Page) {
  return page
    .getByTestId("balance-row")
    .and(page.locator(`[data-seller="${SELLER.email}"]`))
    .filter({ visible: true });
}

/** The draw's sequence row of the prize's current winner (not the winners list's row for the permit office). */
function winnerRow(page: Page, controlNumber: string) {
  return page.getByRole("row").filter({ hasText: controlNumber }).filter({ hasText: "Current winner" });
}

/** One labelled figure of a Remittances row ("Held", "Sold", "Collected", ...). */
function figure(row: Locator, label: string) {
  return row.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
}

test(
  "the whole raffle: stubs handed to a seller, sold by cash and GCash, remitted, reconciled, closed, " +
    "drawn, published, verified, closed",
  async ({ page, browser, playwright }) => {
    test.setTimeout(300_000);
    const problems: string[] = [];
    watchPage(page, problems);
    const api = await server.signInAsAdmin(page, playwright);
    // Set-up the journey is not about: the API limit lifted for a quick organiser, the price read.
    expect((await api.put("/api/settings", { data: { api_rate_limit: 100_000 } })).status()).toBe(200);
    const price = ((await (await api.get("/api/settings")).json()) as { settings: { ticket_price: number } }).settings
      .ticket_price;
    let seller: Page | undefined;
    /** The printed stubs' QR codes: the counterfoils' control numbers and the buyers' verify URLs. */
    let controls: string[] = [];
    let verifyUrls: string[] = [];
    const controlOf = (last5: string) => controls.find((c) => c.endsWith(`-${last5}`))!;

    await test.step("the organiser adds the seller on Settings → Users", async () => {
      await page.goto("/dashboard/settings");
      await chooseTab(page, "Users");
      await page.getByLabel("Email", { exact: true }).fill(SELLER.email);
      await page.getByLabel("Display Name").fill(SELLER.name);
      await page.getByRole("button", { name: "Add User" }).click();
      await expect(page.getByText("User added successfully!")).toBeVisible();
      await expect(page.getByTestId("user-row").filter({ hasText: SELLER.email })).toHaveCount(1);
    });

    await test.step("the organiser generates four stubs (Custom Range) and prints them", async () => {
      await page.goto("/dashboard/tickets");
      await page.getByRole("button", { name: "Custom Range" }).click();
      const range = page.getByRole("dialog", { name: "Custom Range Generator" });
      await range.getByLabel("Start Range").fill("1");
      await range.getByLabel("End Range").fill("4");
      await expect(range.getByTestId("preview-count")).toHaveText("4");
      await range.getByRole("button", { name: "Generate 4 Tickets" }).click();
      await expect(range.getByTestId("result-generated")).toHaveText("4");
      await range.getByRole("button", { name: "Close", exact: true }).first().click();
      await expect(range).toHaveCount(0);

      await page.getByRole("button", { name: "Print stubs" }).click();
      const print = page.getByRole("dialog", { name: "Print stubs" });
      await print.getByLabel("From ticket number").fill("00001");
      await print.getByLabel("To ticket number").fill("00004");
      const download = page.waitForEvent("download");
      await print.getByRole("button", { name: "Print stubs" }).click();
      const file = await download;
      const dir = mkdtempSync(path.join(tmpdir(), "e2e-journey-seller-"));
      const pdf = path.join(dir, file.suggestedFilename());
      await file.saveAs(pdf);
      await page.keyboard.press("Escape");
      await expect(print).toHaveCount(0);

      // Each stub carries two QR codes: the counterfoil's control number and the buyer's verify URL.
      execFileSync("pdftoppm", ["-r", "300", "-gray", "-png", pdf, path.join(dir, "page")]);
      const codes = readdirSync(dir)
        .filter((f) => f.endsWith(".png"))
        .flatMap((f) =>
          execFileSync("zbarimg", ["-q", "--raw", "-Sdisable", "-Sqrcode.enable", path.join(dir, f)], {
            stdio: ["ignore", "pipe", "ignore"],
          })
            .toString()
            .split("\n"),
        )
        .filter(Boolean);
      // By ticket number (the control number's middle part differs from ticket to ticket).
      controls = codes.filter((c) => !c.includes("/V/")).sort((a, b) => a.slice(-5).localeCompare(b.slice(-5)));
      expect(controls.map((c) => c.slice(-5))).toEqual(["00001", "00002", "00003", "00004"]);
      verifyUrls = codes.filter((c) => c.includes("/V/"));
      expect(verifyUrls, codes.join("\n")).toHaveLength(4);
      // The public URL is the server's own address here (AUTH_URL; a phone's address is journey.spec.ts's).
      for (const url of verifyUrls) expect(new URL(url).host).toBe(new URL(server.url).host);
    });

    await test.step("the organiser hands the stubs to the seller (Remittances → Hand out stubs)", async () => {
      await page.goto("/dashboard/remittances");
      await expect(page.getByText("No seller holds stubs, has sold or has remitted yet")).toBeVisible();
      await page.getByRole("button", { name: "Hand Out Stubs" }).click();
      const allocate = page.getByRole("dialog", { name: "Hand out stubs" });
      await allocate.getByRole("combobox", { name: "Seller" }).click();
      await page.getByRole("option", { name: `${SELLER.name} (${SELLER.email})`, exact: true }).click();
      await allocate.getByLabel("From number").fill("00001");
      await allocate.getByLabel("To number").fill("00004");
      await allocate.getByRole("button", { name: "Hand Out Stubs" }).click();
      await expect(toast(page, "4 stubs (00001–00004) handed out")).toBeVisible();
      await expect(allocate).toHaveCount(0);
      const row = sellerRow(page);
      await expect(figure(row, "Held")).toHaveText("4");
      await expect(figure(row, "Sold")).toHaveText("0");
      await expect(figure(row, "Outstanding")).toHaveText(`4 (${peso(4 * price)})`);
      await expect(row.getByTestId("balance-cell")).toHaveText(peso(0));
    });

    await test.step("the seller signs in and sees only a seller's screens", async () => {
      seller = await signInSeller(browser, problems);
      await expect(sidebarLinks(seller)).toHaveText([/^Overview/, /^Register Ticket/, /^My Statement/]);
      // The Overview without the organiser's Money card or reports.
      await expect(seller.getByRole("heading", { name: "Dashboard Overview" })).toBeVisible();
      await expect(seller.getByRole("heading", { name: "Money" })).toHaveCount(0);
      await expect(seller.getByRole("link", { name: "View Reports", exact: true })).toHaveCount(0);
      // An administrator's screen typed in the address bar sends the seller back to the Overview.
      for (const screen of [
        "/dashboard/remittances",
        "/dashboard/tickets",
        "/dashboard/reconciliation",
        "/dashboard/draw",
      ]) {
        await seller.goto(screen);
        await expect(seller, screen).toHaveURL(/\/dashboard\/overview$/);
      }
      // And the API refuses the seller the organiser's reads and writes.
      const headers = { Origin: server.url };
      expect((await seller.request.get("/api/remittances/balances")).status()).toBe(403);
      expect((await seller.request.get("/api/dashboard/admin/user-progress")).status()).toBe(403);
      expect(
        (
          await seller.request.post("/api/tickets/admin/generate-custom-range", {
            headers,
            data: { startRange: 10, endRange: 11, userId: SELLER.email },
          })
        ).status(),
      ).toBe(403);
      expect(
        (await seller.request.post("/api/raffle/close-sales", { headers, data: { overrides: [] } })).status(),
      ).toBe(403);
      // Their own statement: the four stubs held, nothing sold or owed yet.
      await sidebarLinks(seller)
        .filter({ hasText: /^My Statement/ })
        .click();
      await expect(seller.getByRole("heading", { name: "My Statement", level: 1 })).toBeVisible();
      await expect(seller.getByTestId("statement-allocated")).toHaveText("4");
      await expect(seller.getByTestId("held-ranges")).toContainText("00001");
      await expect(seller.getByTestId("held-ranges")).toContainText("00004");
      await expect(seller.getByTestId("statement-balance")).toHaveText(peso(0));
    });

    await test.step("the seller registers two buyers by cash and one by GCash on Register", async () => {
      const r = registerPage(seller!);
      const sales = [
        { last5: "00001", buyer: "Maria Clara Santos", phone: "09171234501", gcash: null },
        { last5: "00002", buyer: "Jose Protacio Rizal", phone: "09171234502", gcash: GCASH_REF },
        { last5: "00003", buyer: "Andres Bonifacio", phone: "09171234503", gcash: null },
      ];
      for (const sale of sales) {
        await r.open();
        await r.controlNumber.fill(sale.last5);
        await expect(r.status).toContainText("Ticket found!");
        await r.buyerName.fill(sale.buyer);
        await r.phone.fill(sale.phone);
        if (sale.gcash) {
          await r.panel.getByRole("radio", { name: "GCash" }).check();
          await r.panel.getByLabel("GCash Reference").fill(sale.gcash);
        }
        await r.singleSubmit.click();
        await expect(r.singleResult.getByRole("heading")).toHaveText("Registration Successful!");
        await expect(r.singleResult).toContainText(controlOf(sale.last5));
      }
      await shot(seller!, "1-seller-registered-gcash");
      // The seller's statement: three sold, one stub still held, the cash of two owed.
      await seller!.goto("/dashboard/statement");
      await expect(seller!.getByTestId("statement-sold")).toHaveText("3");
      await expect(seller!.getByTestId("statement-outstanding")).toHaveText("1");
      await expect(seller!.getByTestId("statement-balance")).toHaveText(peso(2 * price));
    });

    await test.step(
      "the organiser sees the seller's figures, takes back the unsold stub and records " + "the cash",
      async () => {
        await page.goto("/dashboard/remittances");
        const row = sellerRow(page);
        await expect(figure(row, "Held")).toHaveText("4");
        await expect(figure(row, "Sold")).toHaveText("3");
        await expect(figure(row, "Outstanding")).toHaveText(`1 (${peso(price)})`);
        await expect(figure(row, "Collected")).toHaveText(peso(2 * price));
        await expect(figure(row, "Remitted")).toHaveText(peso(0));
        await expect(row.getByTestId("balance-cell")).toHaveText(peso(2 * price));
        await expect(page.getByTestId("remittance-totals")).toHaveText(
          `1 seller, 1 owing. 4 stubs held, 3 sold, 1 outstanding (${peso(price)}). ` +
            `Cash collected ${peso(2 * price)}, remitted ${peso(0)}, adjustments ${peso(0)}, balance ` +
            `${peso(2 * price)}. ` +
            `GCash and bank ${peso(price)}, paid to the organisation (not owed).`,
        );

        // The unsold stub comes back, from the seller's statement (the row's menu).
        await row.getByRole("button", { name: `More for ${SELLER.name}` }).click();
        await page.getByRole("menuitem", { name: "Statement" }).click();
        await expect(page.getByRole("heading", { name: `Statement: ${SELLER.name}`, level: 1 })).toBeVisible();
        await page.getByRole("button", { name: "Take Back Stubs" }).click();
        const takeBack = page.getByRole("dialog", { name: `Take back stubs from ${SELLER.name}` });
        await takeBack.getByLabel("Stub numbers").fill("4");
        await takeBack.getByRole("button", { name: "Take Back" }).click();
        await expect(takeBack).toHaveCount(0);
        await expect(page.getByTestId("statement-outstanding")).toHaveText("0");

        // The cash, recorded from the seller's row: the expected amount is the balance; then zero.
        await page.goto("/dashboard/remittances");
        await row.getByRole("button", { name: `Record remittance from ${SELLER.name}` }).click();
        const record = page.getByRole("dialog", { name: "Record remittance" });
        await expect(record.getByTestId("expected-amount")).toHaveText(
          `Expected: ${peso(2 * price)} (the seller's balance)`,
        );
        await record.getByLabel("Amount (₱)").fill((2 * price).toFixed(2));
        await record.getByLabel("Note (optional)").fill("Cash for stubs 00001 and 00003");
        await record.getByRole("button", { name: "Record Remittance" }).click();
        await expect(toast(page, /^Receipt No\. \d+ recorded/)).toBeVisible();
        await expect(record).toHaveCount(0);
        await expect(row.getByTestId("balance-cell")).toHaveText(peso(0));
        await expect(figure(row, "Remitted")).toHaveText(peso(2 * price));
        await expect(page.getByTestId("remittance-totals")).toHaveText(
          `1 seller, 0 owing. 3 stubs held, 3 sold, 0 outstanding (${peso(0)}). ` +
            `Cash collected ${peso(2 * price)}, remitted ${peso(2 * price)}, adjustments ${peso(0)}, ` +
            `balance ${peso(0)}. ` +
            `GCash and bank ${peso(price)}, paid to the organisation (not owed).`,
        );
        await shot(page, "2-remittances-balance-zero");

        // The seller sees the receipt and a zero balance on their own statement.
        await seller!.goto("/dashboard/statement");
        await expect(seller!.getByTestId("statement-balance")).toHaveText(peso(0));
        await expect(seller!.getByTestId("receipt-row")).toHaveCount(1);
        await expect(seller!.getByTestId("receipt-row")).toContainText(peso(2 * price));
      },
    );

    await test.step("the organiser imports a GCash statement that pays the GCash sale", async () => {
      const day = manilaToday();
      const statement = await gcashStatementPdf({
        rows: [
          {
            time: `${day} 08:00 AM`,
            description: "Received GCash from JOSE P. RIZAL",
            reference: GCASH_REF,
            credit: price.toFixed(2),
            balance: price.toFixed(2),
          },
        ],
        from: day,
        to: day,
      });
      await page.goto("/dashboard/reconciliation");
      const money = page.getByRole("list", { name: "Money" });
      await expect(money.locator('[data-figure="unverified"]')).toHaveText(`Still unverified: ${peso(0)} (0 payments)`);
      await expect(money.locator('[data-figure="awaitingStatement"]')).toHaveText(
        `Awaiting a statement: ${peso(price)} (1 payment)`,
      );
      await page.getByRole("button", { name: "Import Statement" }).click();
      const wizard = page.getByRole("dialog", { name: "Import Statement" });
      await wizard
        .getByLabel("Statement file")
        .setInputFiles({ name: "gcash-history.pdf", mimeType: "application/pdf", buffer: statement });
      await wizard.getByLabel("Account").fill("GCash 0917 123 4567");
      await wizard.getByRole("button", { name: "Preview" }).click();
      const preview = wizard.getByTestId("import-preview");
      await expect(preview.getByRole("status")).toContainText("1 credit line read");
      await expect(preview.getByRole("status")).toContainText("Matched: 1");
      await preview.getByRole("button", { name: "Import 1 Line" }).click();
      await expect(toast(page, /Imported 1 new line/)).toBeVisible();
      await expect(wizard).toHaveCount(0);
      await expect(money.locator('[data-figure="verified"]')).toHaveText(
        `Verified by statement: ${peso(price)} (1 payment)`,
      );
      await expect(money.locator('[data-figure="awaitingStatement"]')).toHaveText(
        `Awaiting a statement: ${peso(0)} (0 payments)`,
      );
    });

    await test.step("Overview and User Sales give the same counts as Remittances", async () => {
      await page.goto("/dashboard/overview");
      await expect(statValue(page, "Total Tickets")).toHaveText("4");
      await expect(statValue(page, "Registered")).toHaveText("3");
      await expect(statValue(page, "Unregistered")).toHaveText("1");
      await expect(statValue(page, "Total Revenue")).toHaveText(peso(3 * price));
      const money = page.getByRole("list", { name: "Money" });
      await expect(money.locator('[data-figure="claimed"]')).toContainText(`${peso(price)} (1 payment)`);
      await expect(money.locator('[data-figure="verified"]')).toContainText(`${peso(price)} (1 payment)`);
      await expect(money.locator('[data-figure="cashRemitted"]')).toContainText(`${peso(2 * price)} (1 remittance)`);
      // The payment methods' table (the chart's text alternative): tickets sold by each method.
      const soldBy = (method: string) =>
        page
          .getByTestId("payment-chart")
          .getByRole("row")
          .filter({ has: page.getByRole("rowheader", { name: method, exact: true }) })
          .getByRole("cell")
          .first();
      await expect(soldBy("Cash")).toHaveText("2");
      await expect(soldBy("GCash")).toHaveText("1");

      await page.goto("/dashboard/admin");
      await expect(page.getByRole("heading", { name: "User Sales" })).toBeVisible();
      await expect(statValue(page, "Total Tickets Generated")).toHaveText("4");
      await expect(statValue(page, "Registered Tickets")).toHaveText("3");
      await expect(statValue(page, "Active Users")).toHaveText("2");
      const sold = page.getByTestId("user-progress-row").filter({ hasText: SELLER.email });
      await expect(sold.getByTestId("sold-tickets")).toHaveText("3");
      await expect(sold.getByTestId("sold-amount")).toHaveText(peso(3 * price));
      await expect(sold.getByTestId("cash-collected")).toHaveText(peso(2 * price));
      await expect(sold.getByTestId("remitted")).toHaveText(peso(2 * price));
      await expect(sold.getByTestId("owed")).toHaveText(peso(0));
      await shot(page, "3-user-sales");
    });

    await test.step("the organiser closes sales; the seller's Register says so up front", async () => {
      await page.goto("/dashboard/draw");
      const addPrize = page.getByRole("form", { name: "Add a prize" });
      await addPrize.getByLabel("Prize").fill(PRIZE);
      await addPrize.getByLabel("Value (₱)").fill("80000");
      await addPrize.getByLabel("Backups").fill("0");
      await addPrize.getByRole("button", { name: "Add prize" }).click();
      await expect(page.getByRole("cell", { name: PRIZE, exact: true })).toBeVisible();
      // Nothing is open: every stub is sold or back, the cash remitted, the GCash payment verified.
      await expect(page.getByText("Every check is clear.")).toBeVisible();
      await page.getByRole("button", { name: "Close sales" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Close sales?" });
      await expect(confirm).toContainText("No ticket can be sold or registered after this");
      await confirm.getByRole("button", { name: "Close sales" }).click();
      await expect(page.getByRole("status").filter({ hasText: "The raffle is:" })).toContainText("Sales closed");

      const r = registerPage(seller!);
      await r.open();
      await expect(seller!.getByTestId("raffle-state-notice")).toContainText(
        "Sales are closed: no ticket can be sold or registered now",
      );
      await r.controlNumber.fill("00004");
      await expect(r.status).toHaveAttribute("data-status", "closed", { timeout: 15_000 });
      await expect(r.status).not.toContainText("Ticket found!");
      await expect(seller!.getByRole("button", { name: "Sales Closed" })).toBeDisabled();
      await shot(seller!, "4-seller-register-sales-closed");
      // The server says the same to a registration sent anyway.
      const refused = await seller!.request.put(`/api/tickets/register/${encodeURIComponent(controlOf("00004"))}`, {
        headers: { Origin: server.url },
        data: { buyerName: "Late Buyer", phoneNumber: "09171234504" },
      });
      expect(refused.status()).toBe(409);
      expect(((await refused.json()) as { code?: string }).code).toBe("sales_closed");
    });

    let winner = "";
    await test.step("the organiser commits, draws with witnessed dice, notifies and publishes", async () => {
      await page.getByLabel("Outside value").selectOption("dice");
      await page.getByRole("button", { name: "Commit" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Commit" }).click();
      await expect(page.getByRole("heading", { name: "Draw 1: commitment" })).toBeVisible();

      await page.getByLabel("Outside value", { exact: true }).fill(DICE);
      await page.getByLabel("Outside value, again").fill(DICE);
      await page.getByLabel("Witnesses").fill("Lito Lapid, class president\nMaria Makiling");
      await page.getByRole("button", { name: "Draw the winners" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Draw the winners" }).click();
      await expect(page.getByRole("heading", { name: "Draw 1: winners" })).toBeVisible({ timeout: 30_000 });

      // One prize without backups: one position, the current winner, one of the three sold tickets.
      const sequence = page.getByRole("table").last();
      await expect(sequence.getByRole("row")).toHaveCount(2);
      winner = ((await sequence.getByRole("row").nth(1).getByRole("cell").nth(2).textContent()) ?? "").trim();
      expect([controlOf("00001"), controlOf("00002"), controlOf("00003")]).toContain(winner);
      const position = winnerRow(page, winner);
      await position.getByRole("button", { name: "Notify" }).click();
      await expect(position).toContainText("Notified");
      await page.getByRole("button", { name: "Publish winners" }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Publish winners" }).click();
      await expect(page.getByRole("status").filter({ hasText: "The raffle is:" })).toContainText("Published");
      await shot(page, "5-draw-published");
    });

    await test.step("each stub's verify QR opens on a buyer's phone without signing in", async () => {
      const phone = await browser.newContext({
        viewport: { width: 375, height: 740 },
        storageState: { cookies: [], origins: [] },
      });
      const visitor = await phone.newPage();
      const seen = new Map<string, string>();
      for (const url of verifyUrls) {
        // The QR holds the public URL (here the server's own loopback address): opened as printed.
        const res = await visitor.goto(`${server.url}${new URL(url).pathname}`);
        expect(res!.status()).toBe(200);
        expect(await res!.headerValue("set-cookie")).toBeNull();
        const control = (await visitor
          .locator('xpath=//dt[normalize-space()="Control number"]/following-sibling::dd[1]')
          .textContent())!.trim();
        seen.set(control, (await visitor.getByRole("status").textContent())!.trim());
        if (control === controlOf("00002"))
          await screenshotForPeople(visitor, { path: path.join(SHOTS, "6-verify-375.png") });
      }
      const expected = new Map(
        ["00001", "00002", "00003"].map((n) => [
          controlOf(n),
          controlOf(n) === winner ? `Winner: ${PRIZE}` : "Drawn: not a winning ticket",
        ]),
      );
      expected.set(controlOf("00004"), "Not yet sold");
      expect(Object.fromEntries(seen)).toEqual(Object.fromEntries(expected));
      expect(await phone.cookies()).toEqual([]);
      await phone.close();
    });

    await test.step("the prize is claimed and the organiser closes the raffle", async () => {
      const position = winnerRow(page, winner);
      await position.getByRole("button", { name: "Claimed" }).click();
      await expect(position.getByRole("button", { name: "Claimed" })).toHaveCount(0);
      await expect(position).toContainText("Claimed");
      await page.goto("/dashboard/closeout");
      await expect(page.getByText("Every condition is met.")).toBeVisible();
      await page.getByLabel("Type CLOSE to confirm").fill("CLOSE");
      await page.getByRole("button", { name: "Close the raffle" }).click();
      await expect(page.getByText(/The raffle is\s*Closed/)).toBeVisible();
      const money = page.getByRole("list", { name: "Money" });
      await expect(money.locator('[data-figure="verified"]')).toContainText(`${peso(price)} (1 payment)`);
      await expect(money.locator('[data-figure="cashRemitted"]')).toContainText(`${peso(2 * price)} (1 remittance)`);
      await shot(page, "7-closed");

      // The seller's Register now says the raffle is closed.
      await registerPage(seller!).open();
      await expect(seller!.getByTestId("raffle-state-notice")).toContainText(
        "The raffle is closed: its records are read-only.",
      );
    });

    await seller?.context().close();
    await api.dispose();
    expect(problems, "errors in the organiser's or the seller's browser").toEqual([]);
  },
);
