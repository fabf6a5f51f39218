// The draw (issue 23) as an organiser runs it, on a server of its own (Close sales and the commit
// freeze the raffle, which would stop every later spec on a shared worker server): prizes, Close
// sales with a written override, commit on a drand quicknet round, the witnessed draw (the round's
// recorded signature typed twice, verified offline), a disqualified winner replaced by the backup,
// publication, and the public proof page without signing in.
import { expect, test, type APIRequestContext, type Page } from "./browser-test";
import { expectNoA11yViolations } from "./a11y";
import { pdfText } from "./pdf";
import { useOwnServer } from "./own-server";

// A real drand quicknet round, recorded (the draw is offline): its signature and randomness.
const ROUND = 657413;
const SIGNATURE = "b713718a38ae728dfd477991af2822e08d2f305e47718cef9f7848ce4050e7be41076862b98fad56e91a6b85b89cd97b";
const RANDOMNESS = "fc1873a13f3545aeade8401532ef5519920652eee6b0d2b19ca12643b87b3587";
/** Shared with the PDF test, which runs after the flow on the same server. */
let adminState: Awaited<ReturnType<import("@playwright/test").BrowserContext["storageState"]>> | undefined;
let drawIdForPdfs = "";

test.describe.configure({ mode: "serial" });
const server = useOwnServer({ portOffset: 70, code: "DRAW-C0DE" });

/** Toasts fade in and out over the page: axe measures contrast once they are gone (success toasts last 2 s). */
async function toastsGone(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

async function expectPdf(api: APIRequestContext, url: string, ...texts: string[]) {
  const res = await api.get(url);
  expect(res.status(), url).toBe(200);
  expect(res.headers()["content-type"]).toBe("application/pdf");
  const text = pdfText(await res.body());
  // Long values wrap (pdfkit breaks after a hyphen): compared without white space.
  for (const t of texts) expect(text.replace(/\s+/g, "")).toContain(t.replace(/\s+/g, ""));
}

async function seedSales(api: APIRequestContext) {
  const names = [
    "Maria Clara Santos",
    "Jose Protacio Rizal",
    "Andres Bonifacio",
    "Gabriela Silang",
    "Apolinario Mabini",
    "Emilio Aguinaldo",
  ];
  for (const [i, name] of names.entries()) {
    const res = await api.post("/api/tickets/generate", {
      data: {
        buyer_name: name,
        phone_number: `091712345${10 + i}`,
        address: `${i + 1} Calle Real, Calamba, Laguna`,
        payment_method: "cash",
        quantity: 2,
      },
    });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }
}

test("prizes → Close sales → commit → draw → disqualify → publish, and the public proof", async ({
  page,
  playwright,
}) => {
  test.setTimeout(240_000);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const api = await server.signInAsAdmin(page, playwright);
  adminState = await page.context().storageState();
  await api.put("/api/settings", { data: { api_rate_limit: 100_000 } });
  await seedSales(api);

  // Prizes, from the form.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Draw/ }).click();
  await expect(page.getByRole("heading", { name: "Draw", exact: true })).toBeVisible();
  const addPrize = page.getByRole("form", { name: "Add a prize" });
  await addPrize.getByLabel("Prize").fill("Honda Click 125i");
  await addPrize.getByLabel("Value (₱)").fill("80000");
  await addPrize.getByLabel("Backups").fill("1");
  await addPrize.getByRole("button", { name: "Add prize" }).click();
  await expect(page.getByRole("cell", { name: "Honda Click 125i", exact: true })).toBeVisible();
  await expect(page.getByRole("cell", { name: "₱80,000.00" })).toBeVisible();
  await addPrize.getByLabel("Prize").fill("Rice cooker");
  await addPrize.getByLabel("Value (₱)").fill("2500");
  await addPrize.getByRole("button", { name: "Add prize" }).click();
  await expect(page.getByRole("cell", { name: "Rice cooker", exact: true })).toBeVisible();
  await toastsGone(page);
  await expectNoA11yViolations(page, { label: "the Draw page while selling" });

  // Close sales: the seller's cash balance blocks until overridden with a reason.
  await page.getByRole("button", { name: "Close sales" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Close sales" }).click();
  await expect(page.getByText(/Close sales is blocked: 1 seller still has a cash balance/)).toBeVisible();
  await page.getByLabel("Reason to override (seller_balances)").fill("Ada holds the cash; remits at the draw");
  await page.getByRole("button", { name: "Close sales" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Close sales" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The raffle is:" })).toContainText("Sales closed");

  // Commit on a named drand round, fixed before its value exists.
  await page.getByLabel("Outside value").selectOption("drand-quicknet");
  await page.getByLabel("drand round").fill(String(ROUND));
  await page.getByRole("button", { name: "Commit" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Commit" }).click();
  await expect(page.getByRole("heading", { name: "Draw 1: commitment" })).toBeVisible();
  await expect(page.getByText(`drand quicknet round ${ROUND}`).first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Draw day" })).toBeVisible();
  const drawId = (await page.getByRole("link", { name: /\/draw\// }).getAttribute("href"))!.replace("/draw/", "");
  await expect(page.getByRole("link", { name: "Commitment Notice (PDF)" })).toHaveAttribute(
    "href",
    `/api/draws/${drawId}/commitment.pdf`,
  );
  drawIdForPdfs = drawId;

  // The witnessed draw: a mismatch is caught, then the value twice and the witnesses.
  await page.getByLabel("Outside value", { exact: true }).fill(SIGNATURE);
  await page.getByLabel("Outside value, again").fill(SIGNATURE.slice(0, -1) + "a");
  await page.getByLabel("Witnesses").fill("Pedro Penduko\nMaria Makiling");
  await page.getByRole("button", { name: "Draw the winners" }).click();
  await expect(page.getByText("The two entries of the outside value differ")).toBeVisible();
  await page.getByLabel("Outside value, again").fill(SIGNATURE);
  await page.getByRole("button", { name: "Draw the winners" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Draw the winners" }).click();
  // The BLS check of the signature takes seconds of CPU on a loaded machine.
  await expect(page.getByRole("heading", { name: "Draw 1: winners" })).toBeVisible({ timeout: 30_000 });
  await toastsGone(page);
  await expectNoA11yViolations(page, { label: "the Draw page after the draw" });

  // Presentation mode: one position at a time, announced, masked names, the commit re-checked here.
  await page.getByRole("button", { name: "Presentation mode" }).click();
  const show = page.getByRole("dialog", { name: "Draw 1: the winners" });
  await expect(show.getByText("The revealed server seed matches the commitment")).toBeVisible();
  await expect(show.getByText("6 positions to reveal")).toBeVisible();
  await show.getByRole("button", { name: "Reveal the first position" }).click();
  await expect(show.getByRole("status")).toContainText("Position 1: Honda Click 125i, winner: ticket B2K-");
  await show.getByRole("button", { name: "Reveal the next position" }).click();
  await expect(show.getByRole("status")).toContainText("Position 2: Honda Click 125i, backup 1");
  await expect(show.getByRole("list", { name: "Revealed so far" }).getByRole("listitem")).toHaveCount(1);
  expect(await show.textContent()).not.toMatch(/Santos|Rizal|Bonifacio|Silang|Mabini|Aguinaldo/);
  await expectNoA11yViolations(page, { include: '[role="dialog"]', label: "the presentation mode" });
  await page.keyboard.press("Escape");
  await expect(show).toBeHidden();

  // The first winner is disqualified; the backup becomes the current winner.
  const sequence = page.getByRole("table").last();
  // Honda: winner + 1 backup; Rice cooker: winner + 3 backups (the default); and the header row.
  await expect(sequence.getByRole("row")).toHaveCount(7);
  const first = sequence.getByRole("row").nth(1);
  await first.getByRole("button", { name: "Disqualify" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Reason").selectOption("unreachable");
  await dialog.getByLabel("Note").fill("No answer for three days");
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    Buffer.from("\0\0\0\rIHDR stub"),
  ]);
  await dialog
    .getByLabel("Evidence file (optional)")
    .setInputFiles({ name: "call-log.png", mimeType: "image/png", buffer: png });
  await expectNoA11yViolations(page, { include: '[role="dialog"]', label: "the Disqualify dialog" });
  await dialog.getByRole("button", { name: "Disqualify" }).click();
  await expect(first).toContainText("Disqualified");
  await expect(first.getByRole("link", { name: "Evidence: call-log.png" })).toBeVisible();
  const second = sequence.getByRole("row").nth(2);
  await expect(second).toContainText("Current winner");
  await second.getByRole("button", { name: "Notify" }).click();
  await expect(second).toContainText("Notified");
  const third = sequence.getByRole("row").nth(3);
  await third.getByRole("button", { name: "Notify" }).click();
  await expect(third).toContainText("Notified");
  await page.getByRole("button", { name: "Publish winners" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Publish winners" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The raffle is:" })).toContainText("Published");

  // The winners lists: on screen and as files, full names for the permit office only.
  const list = page.getByRole("table", { name: "Winners for the permit office" });
  await expect(list.getByRole("row")).toHaveCount(3);
  await expect(list.getByRole("row").nth(1)).toContainText("Calle Real, Calamba, Laguna");
  await toastsGone(page);
  await expectNoA11yViolations(page, { label: "the Draw page after publication" });
  const permitCsv = await (await api.get("/api/draws/winners.csv")).text();
  expect(permitCsv.split("\r\n")[0]).toBe(
    "prize_rank,prize,value_php,draw,position,control_number,full_name,address,state",
  );
  expect(permitCsv).toMatch(
    /^1,Honda Click 125i,80000\.00,1,2,B2K-[^,]+,[A-Z][a-z]+ .+,"?\d Calle Real, Calamba, Laguna"?,Notified\r$/m,
  );

  // The public proof: no sign-in, no cookie, masked names, the files to re-check it, and the check in the browser.
  const link = await page.getByRole("link", { name: /\/draw\// }).getAttribute("href");
  const visitorContext = await page.context().browser()!.newContext();
  const visitor = await visitorContext.newPage();
  visitor.on("pageerror", (e) => errors.push(e.message));
  const proof = await visitor.goto(`${server.url}${link}`);
  expect(proof!.status()).toBe(200);
  expect(await proof!.headerValue("set-cookie")).toBeNull();
  await expect(visitor.getByRole("heading", { name: "Draw 1: public proof" })).toBeVisible();
  await expect(visitor.getByText("Winners published")).toBeVisible();
  await expect(visitor.getByText(`drand-quicknet:${ROUND}:${RANDOMNESS}`)).toBeVisible();
  expect(await visitor.locator("script").count()).toBe(1);
  expect(await visitor.content()).not.toMatch(/Santos|Rizal|Calle Real|0917/);
  await expect(visitor.getByRole("link", { name: "certificate.json" })).toBeVisible();
  await expect(visitor.getByRole("heading", { name: "Winners" })).toBeVisible();
  await expect(visitor.getByRole("link", { name: "winners.csv" })).toBeVisible();
  await visitor.getByRole("button", { name: "Re-check in this browser" }).click();
  await expect(visitor.getByRole("status").filter({ hasText: "checks" })).toHaveText(
    "All checks passed in this browser: the draw is what the certificate says.",
    { timeout: 30_000 },
  );
  await expect(visitor.getByText("Passed: Ed25519 signature over the canonical certificate")).toBeVisible();
  expect(await visitorContext.cookies()).toEqual([]);
  const publicCsv = await (await visitor.request.get(`${server.url}/api/public/winners.csv`)).text();
  expect(publicCsv).toMatch(/^1,Honda Click 125i,80000\.00,1,2,B2K-[^,]+,[A-Z]\*\*\*/m);
  expect(publicCsv).not.toMatch(/Calle Real|Santos|Rizal/);
  await expectNoA11yViolations(visitor, { label: "the public proof page" });
  await visitor.setViewportSize({ width: 375, height: 740 });
  const overflow = await visitor.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  // Without script the page says everything but the in-browser check, which stays hidden.
  const noScript = await (await page.context().browser()!.newContext({ javaScriptEnabled: false })).newPage();
  await noScript.goto(`${server.url}${link}`);
  await expect(noScript.getByText(`drand-quicknet:${ROUND}:${RANDOMNESS}`)).toBeVisible();
  await expect(noScript.getByRole("link", { name: "verify-draw.mjs" })).toBeVisible();
  await expect(noScript.getByRole("button", { name: "Re-check in this browser" })).toBeHidden();
  expect(errors).toEqual([]);
  await api.dispose();
});

// The Commitment Notice and the Minutes of the Draw from the production build (the draw-pdf
// worker job), read back with pdftotext.
test("the Commitment Notice and the Minutes of the Draw, as PDFs", async ({ playwright }) => {
  expect(drawIdForPdfs).not.toBe("");
  const api = await playwright.request.newContext({
    baseURL: server.url,
    storageState: adminState,
    extraHTTPHeaders: { Origin: server.url },
  });
  await expectPdf(
    api,
    `/api/draws/${drawIdForPdfs}/commitment.pdf`,
    "Draw 1: Commitment Notice",
    `drand quicknet round ${ROUND}`,
    "Honda Click 125i",
    "DTI representative",
  );
  await expectPdf(
    api,
    `/api/draws/${drawIdForPdfs}/certificate.pdf`,
    "Draw 1: Minutes of the Draw",
    `drand-quicknet:${ROUND}:${RANDOMNESS}`,
    "unreachable",
    "Pedro Penduko",
  );
  await api.dispose();
});
