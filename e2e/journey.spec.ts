// One raffle at the organiser's desk (issue 38), on a server of its own whose public URL is a
// loopback alias, http://127.0.0.2:<port> (the server listens on every address, so the alias reaches
// it; nothing here connects to a LAN address): Settings names the public URL and warns that a phone
// cannot open a loopback address; Print stubs warns, naming it, before printing; the printed stub's
// QR code (read from the PDF with zbarimg) carries that host and opens the verify page on a phone-size
// context; Close sales asks first, naming the consequence; Register then says sales are closed up
// front instead of "Ticket found!". Screenshots at 1280 and 375, light and dark, of each stage (E2E_SCREENSHOTS=1).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page, type PlaywrightWorkerArgs } from "./browser-test";
import { startAppServer, type AppServer } from "./app-server";
import { ADMIN_EMAIL, screenshotForPeople, TAKE_SCREENSHOTS } from "./helpers";
import { expectOneTimeFormat, expectTablesFit } from "./screen-checks";

const PORT = Number(process.env.E2E_PORT ?? 3100) + 95;
const URL_ = `http://127.0.0.1:${PORT}`;
const PUBLIC_URL = `http://127.0.0.2:${PORT}`;
const CODE = "J0UR-NEY1";
const SHOTS = path.join("test-results", "journey");

test.describe.configure({ mode: "serial" });
test.use({ baseURL: URL_, viewport: { width: 1280, height: 800 } });

let app: AppServer | undefined;
test.beforeAll(async () => {
  app = await startAppServer({
    port: PORT,
    env: {
      // Every address, so the 127.0.0.2 alias reaches it; the test itself connects to loopback only.
      HOSTNAME: "0.0.0.0",
      PUBLIC_BASE_URL: PUBLIC_URL,
      AUTH_DEV_LOGIN: "true",
      AUTH_DEV_LOGIN_IN_PRODUCTION: "true",
      AUTH_DEV_LOGIN_CODE: CODE,
      SERVED_OVER_HTTP: "true",
    },
  });
});
test.afterAll(async () => app?.stop());

async function signIn(page: Page, playwright: PlaywrightWorkerArgs["playwright"]) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Sign-in code").fill(CODE);
  await page.getByRole("button", { name: "Sign in (development)" }).click();
  await page.waitForURL(/\/dashboard\/overview$/);
  return playwright.request.newContext({
    baseURL: URL_,
    storageState: await page.context().storageState(),
    extraHTTPHeaders: { Origin: URL_ },
  });
}

/** The screen at 1280 and 375 px, light and dark, into test-results/journey/ (with E2E_SCREENSHOTS=1). */
async function shoot(page: Page, stage: string) {
  if (!TAKE_SCREENSHOTS) return;
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((t) => {
      document.documentElement.classList.toggle("dark", t === "dark");
    }, theme);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 1280 ? 800 : 740 });
      await page.screenshot({ path: path.join(SHOTS, `${stage}-${width}-${theme}.png`), fullPage: true });
    }
  }
  await page.evaluate(() => document.documentElement.classList.remove("dark"));
  await page.setViewportSize({ width: 1280, height: 800 });
}

interface MadeTicket {
  id: string;
  control_number: string;
  last_5_digits: string;
}

async function ok(res: Awaited<ReturnType<APIRequestContext["post"]>>) {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}
const madeTickets = async (res: Awaited<ReturnType<APIRequestContext["post"]>>) =>
  ((await ok(res)) as { tickets: MadeTicket[] }).tickets;

test(
  "the public URL on Settings, Print stubs and the stub's QR; Close sales confirms; Register says " +
    "sales are closed",
  async ({ page, browser, playwright }) => {
    test.slow();
    const api = await signIn(page, playwright);
    await api.put("/api/settings", { data: { api_rate_limit: 100_000, site_name: "Batch 2000 Homecoming Raffle" } });

    // Settings: the public URL, and why a phone cannot open it. The header carries the Site Name.
    await page.goto("/dashboard/settings");
    const card = page.getByTestId("public-url-card");
    await expect(card.getByTestId("public-url")).toHaveText(PUBLIC_URL);
    await expect(card.getByTestId("public-url-warning")).toHaveText(
      `QR codes and public links will point to ${PUBLIC_URL}: it is a loopback address, which only this ` +
        `computer can open. Set PUBLIC_BASE_URL to the address buyers' phones use before printing.`,
    );
    await expect(page.getByTestId("header-title")).toHaveText("Batch 2000 Homecoming Raffle");
    await shoot(page, "1-settings");

    // A sold ticket and an unsold one.
    const soldAnswer = (await ok(
      await api.post("/api/tickets/generate", {
        data: { buyer_name: "Maria Clara Santos", phone_number: "09171234510", payment_method: "cash", quantity: 1 },
      }),
    )) as { ticket?: MadeTicket; tickets?: MadeTicket[] };
    const sold = soldAnswer.tickets?.[0] ?? soldAnswer.ticket!;
    const [unsold, spoiled] = await madeTickets(
      await api.post("/api/tickets/admin/generate-custom-range", {
        data: { startRange: 500, endRange: 501, userId: "e2e-journey" },
      }),
    );
    await ok(
      await api.post(`/api/tickets/${spoiled.id}/void`, {
        data: {
          reason: "spoiled_misprint",
          note: "Torn at the perforation while tearing off the counterfoil, kept in the box",
        },
      }),
    );

    // Print stubs: the warning names the URL before anything is printed.
    await page.goto("/dashboard/tickets");
    await page.getByRole("button", { name: "Print stubs" }).click();
    const dialog = page.getByRole("dialog", { name: "Print stubs" });
    await expect(dialog.getByTestId("public-url-warning")).toContainText(
      `QR codes and public links will point to ${PUBLIC_URL}`,
    );
    await dialog.getByLabel("From ticket number").fill(sold.last_5_digits);
    await dialog.getByLabel("To ticket number").fill(sold.last_5_digits);
    await shoot(page, "2-print-stubs");
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Print stubs" }).click();
    const file = await download;
    const pdf = path.join(mkdtempSync(path.join(tmpdir(), "e2e-journey-")), file.suggestedFilename());
    await file.saveAs(pdf);

    // The stub's QR code, read back from the PDF: its host is the public URL's.
    execFileSync("pdftoppm", ["-r", "300", "-gray", "-png", pdf, `${pdf}-p`]);
    const dir = path.dirname(pdf);
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
    const verify = codes.find((c) => c.includes("/V/"));
    expect(verify, codes.join("\n")).toBeTruthy();
    const qr = new URL(verify!);
    expect(qr.host).toBe(`127.0.0.2:${PORT}`);
    const text = execFileSync("pdftotext", ["-layout", pdf, "-"]).toString().replace(/\s+/g, " ");
    expect(text).toContain(`enter the verify code at 127.0.0.2:${PORT}/verify`);

    // A buyer's phone (375 × 740, no session) opens the code as printed: the public URL itself.
    const phone = await browser.newContext({
      viewport: { width: 375, height: 740 },
      storageState: { cookies: [], origins: [] },
    });
    const visitor = await phone.newPage();
    const res = await visitor.goto(`${PUBLIC_URL}${qr.pathname}`);
    expect(res!.status()).toBe(200);
    await expect(visitor.getByRole("status")).toHaveText("Registered: in the draw");
    await expect(visitor.getByText(sold.control_number)).toBeVisible();
    await screenshotForPeople(visitor, { path: path.join(SHOTS, "3-verify-375-light.png"), fullPage: true });
    await phone.close();

    // Close sales asks first, naming what cannot be undone; Cancel leaves the raffle selling.
    await ok(
      await api.post("/api/prizes", { data: { rank: 1, name: "Honda Click 125i", valuePhp: 80000, backups: 0 } }),
    );
    await page.goto("/dashboard/draw");
    await page.getByLabel("Reason to override (seller_balances)").fill("Remitted at the draw, recorded later");
    await page.getByRole("button", { name: "Close sales" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Close sales?" });
    await expect(confirm).toContainText("No ticket can be sold or registered after this");
    await shoot(page, "4-close-sales-confirm");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The raffle is:" })).toContainText("Selling");
    await page.getByRole("button", { name: "Close sales" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Close sales" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The raffle is:" })).toContainText("Sales closed");

    // Register: the state up front, and the unsold ticket is not "found" for a sale.
    await page.goto("/dashboard/register");
    const notice = page.getByTestId("raffle-state-notice");
    await expect(notice).toContainText("Sales are closed: no ticket can be sold or registered now");
    await page.getByLabel("Control Number or Last 5 Digits").fill(unsold.control_number);
    const status = page.getByTestId("lookup-status");
    await expect(status).toHaveAttribute("data-status", "closed", { timeout: 15_000 });
    await expect(status).toContainText("Sales are closed");
    await expect(status).not.toContainText("Ticket found!");
    await expect(page.getByRole("button", { name: "Sales Closed" })).toBeDisabled();
    await shoot(page, "5-register-sales-closed");

    // The other write screens say so too, their main controls disabled where the state closes them.
    await page.goto("/dashboard/tickets");
    await expect(page.getByTestId("raffle-state-notice")).toContainText("Sales are closed");
    await expect(page.getByRole("button", { name: "Generate Ticket" })).toBeEnabled();
    await page.goto("/dashboard/remittances");
    await expect(page.getByRole("button", { name: "Record Remittance", exact: true })).toBeEnabled();

    // Commit (by API): the public proof page on a phone, in the raffle's time format, its tables fitting.
    const draw = (await ok(await api.post("/api/draws", { data: { source: { type: "dice", count: 20 } } }))) as {
      id: string;
    };
    const proof = await browser.newContext({
      viewport: { width: 375, height: 740 },
      storageState: { cookies: [], origins: [] },
    });
    const proofPage = await proof.newPage();
    await proofPage.goto(`${PUBLIC_URL}/draw/${draw.id}`);
    await expect(proofPage.getByText("Committed at")).toBeVisible();
    await expectOneTimeFormat(proofPage, "the public draw page");
    await expectTablesFit(proofPage, "the public draw page at 375");
    await screenshotForPeople(proofPage, { path: path.join(SHOTS, "6-public-draw-375-light.png"), fullPage: true });
    await proof.close();

    // Generating is closed by the commit: Tickets says so and disables it.
    await page.goto("/dashboard/tickets");
    await expect(page.getByTestId("raffle-state-notice")).toContainText("The draw is committed");
    await expect(page.getByRole("button", { name: "Generate Ticket" })).toBeDisabled();

    // User Sales, seller first, fits at 1280 and 375; no ISO or US date on the staff screens visited.
    for (const screen of ["/dashboard/admin", "/dashboard/closeout", "/dashboard/draw", "/dashboard/overview"]) {
      await page.goto(screen);
      await page.waitForLoadState("networkidle");
      await expectOneTimeFormat(page, screen);
    }
    await page.goto("/dashboard/admin");
    await expect(page.getByTestId("user-progress-row").first()).toBeVisible();
    await expectTablesFit(page, "User Sales at 1280");
    await shoot(page, "7-user-sales");
    await page.setViewportSize({ width: 375, height: 740 });
    await expectTablesFit(page, "User Sales at 375");
    await page.setViewportSize({ width: 1280, height: 800 });

    // The draw to the end by API, then Close: every write screen says the raffle is closed, up front.
    const DICE = "35126443526115623416";
    await ok(
      await api.post(`/api/draws/${draw.id}/reveal`, {
        data: { outsideValue: DICE, outsideValueConfirm: DICE, witnesses: ["Lito Lapid, class president"] },
      }),
    );
    await ok(await api.post(`/api/draws/${draw.id}/positions/1/notify`, { data: {} }));
    await ok(await api.post(`/api/draws/${draw.id}/publish`, { data: {} }));
    await ok(await api.post(`/api/draws/${draw.id}/positions/1/claim`, { data: {} }));
    const balances = (await (await api.get("/api/remittances/balances")).json()) as {
      sellers: { sellerId: string; balance: string }[];
    };
    for (const seller of balances.sellers.filter((x) => x.balance !== "0.00")) {
      await ok(await api.post("/api/remittances", { data: { sellerId: seller.sellerId, amount: seller.balance } }));
    }
    await ok(await api.post("/api/raffle/close", { data: { confirm: "CLOSE" } }));
    const CLOSED = "The raffle is closed: its records are read-only.";
    for (const [screen, control] of [
      ["/dashboard/register", "Sales Closed"],
      ["/dashboard/tickets", "Generate Ticket"],
      ["/dashboard/remittances", "Record Remittance"],
      ["/dashboard/reconciliation", "Import Statement"],
      ["/dashboard/tickets/voided", null],
    ] as const) {
      await page.goto(screen);
      await expect(page.getByTestId("raffle-state-notice").first(), screen).toContainText(CLOSED);
      if (control === "Sales Closed") {
        await page.getByLabel("Control Number or Last 5 Digits").fill(unsold.control_number);
        await expect(page.getByTestId("lookup-status")).toContainText(CLOSED, { timeout: 15_000 });
        await expect(page.getByTestId("lookup-status")).not.toContainText("Ticket found!");
      }
      if (control)
        await expect(page.getByRole("button", { name: control, exact: true }).first(), screen).toBeDisabled();
      await expectOneTimeFormat(page, screen);
    }
    await expect(page.getByTestId("voided-table")).toContainText(spoiled.control_number);
    await expectTablesFit(page, "Voided Numbers at 1280");
    await shoot(page, "8-closed-voided");
    await page.goto("/dashboard/closeout");
    await expectOneTimeFormat(page, "Close-out after Close");
    await expect(page.getByText(/since [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M/)).toBeVisible();
    await shoot(page, "9-closeout");
    await api.dispose();
  },
);
