// Close-out (issue 24) on a server of its own (closing freezes the raffle): the draw walked through by
// API, then the Close-out page: Close refused with its checklist and links, the items fixed, Close
// with CLOSE typed, Download archive, Remove personal data with PURGE typed; axe clean at each step.
import { execFileSync } from "node:child_process";
import { expect, test, type APIRequestContext } from "./browser-test";
import { expectNoA11yViolations } from "./a11y";
import { useOwnServer } from "./own-server";

const DICE = "35126443526115623416";

test.describe.configure({ mode: "serial" });
const server = useOwnServer({ portOffset: 80, code: "CL0S-E0UT" });

async function ok(res: Awaited<ReturnType<APIRequestContext["post"]>>) {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

test("close with a failing checklist, fix, close, download the archive, purge", async ({ page, playwright }) => {
  // The whole close-out, a dozen axe scans and a 15-file archive: longer than one screen's test.
  test.slow();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const api = await server.signInAsAdmin(page, playwright);
  await api.put("/api/settings", { data: { api_rate_limit: 100_000 } });
  for (const [i, name] of ["Maria Clara Santos", "Jose Protacio Rizal", "Andres Bonifacio"].entries()) {
    await ok(
      await api.post("/api/tickets/generate", {
        data: { buyer_name: name, phone_number: `091712345${10 + i}`, payment_method: "cash", quantity: 2 },
      }),
    );
  }
  await ok(await api.post("/api/prizes", { data: { rank: 1, name: "Honda Click 125i", valuePhp: 80000, backups: 0 } }));
  await ok(
    await api.post("/api/raffle/close-sales", {
      data: { overrides: [{ item: "seller_balances", reason: "Remitted at the draw, recorded later" }] },
    }),
  );
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

  // The checklist: the unclaimed prize and the seller's cash, each with a link; Close refused.
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /Close-out/ })).toHaveAttribute(
    "href",
    "/dashboard/closeout",
  );
  await page.goto("/dashboard/closeout");
  await expect(page.getByRole("heading", { name: "Close-out", exact: true })).toBeVisible();
  const blockers = page.getByRole("list", { name: "What still blocks Close" });
  await expect(blockers).toContainText("1 prize is neither claimed nor forfeited: 1. Honda Click 125i");
  await expect(blockers).toContainText("1 seller still has a cash balance");
  await expect(blockers.getByRole("link", { name: /Fix it\s*: 1 seller/ })).toHaveAttribute(
    "href",
    "/dashboard/remittances?balance=nonzero",
  );
  await expectNoA11yViolations(page, { include: "main", label: "Close-out with open items" });
  await page.getByLabel("Type CLOSE to confirm").fill("close");
  await page.getByRole("button", { name: "Close the raffle" }).click();
  // Refused in the form, before any request: the field is marked and says what to type.
  await expect(page.getByLabel("Type CLOSE to confirm")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Type CLOSE to confirm").last()).toBeVisible();
  await page.getByLabel("Type CLOSE to confirm").fill("CLOSE");
  await page.getByRole("button", { name: "Close the raffle" }).click();
  await expect(page.getByText(/Close is blocked/)).toBeVisible();

  // Fix: the winner claims, the seller's cash is remitted.
  await ok(await api.post(`/api/draws/${draw.id}/positions/1/claim`, { data: {} }));
  const balances = await (await api.get("/api/remittances/balances")).json();
  for (const s of balances.sellers.filter((x: { balance: string }) => x.balance !== "0.00")) {
    await ok(await api.post("/api/remittances", { data: { sellerId: s.sellerId, amount: s.balance } }));
  }
  await page.reload();
  await expect(page.getByText("Every condition is met.")).toBeVisible();
  await page.getByLabel("Type CLOSE to confirm").fill("CLOSE");
  await page.getByRole("button", { name: "Close the raffle" }).click();
  await expect(page.getByText(/The raffle is\s*Closed/)).toBeVisible();

  // The retention reminder's period is a setting (Other Settings); the Close-out page says when it comes.
  await page.goto("/dashboard/settings");
  const other = page.getByRole("form", { name: "Other Settings" });
  await expect(other.getByLabel("Retention period (months)")).toHaveValue("36");
  await other.getByLabel("Retention period (months)").fill("121");
  await other.getByRole("button", { name: "Save Other Settings" }).click();
  await expect(other.getByText("Retention period must be a whole number of months from 0 to 120")).toBeVisible();
  await other.getByLabel("Retention period (months)").fill("1");
  await other.getByRole("button", { name: "Save Other Settings" }).click();
  await expect(page.getByText("Settings saved successfully!")).toBeVisible();
  expect((await (await api.get("/api/settings")).json()).settings.retention_months).toBe(1);
  await page.goto("/dashboard/closeout");
  await expect(
    page.getByText(/Reminder on .+, 1 month after Close \(the retention period in\s*Settings\)/),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Retention reminder" })).toHaveCount(0);
  // Six weeks later (the browser's clock): the Overview reminds administrators, with the way there.
  await page.clock.setFixedTime(new Date(Date.now() + 42 * 24 * 3600 * 1000));
  await page.goto("/dashboard/overview");
  const reminder = page.getByRole("region", { name: "Retention reminder" });
  await expect(reminder).toContainText("The retention period (1 month after Close) ended on");
  await expectNoA11yViolations(page, { include: "main", label: "Overview with the retention reminder" });
  await reminder.getByRole("link", { name: "Go to Close-out" }).click();
  await page.waitForURL(/\/dashboard\/closeout$/);
  await expect(page.getByRole("region", { name: "Retention reminder" })).toContainText("remove buyers' personal data");

  // Purge waits for the archive; the archive downloads as a ZIP.
  await expect(page.getByRole("button", { name: "Remove personal data" })).toBeDisabled();
  // Attachments are off by default; asking for them shows the personal-data warning and adds them.
  const attachments = page.getByRole("checkbox", { name: "Include attachments" });
  await expect(attachments).not.toBeChecked();
  await expect(attachments).toHaveAccessibleDescription(/Attachments hold personal data/);
  const [plain] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download archive" }).click(),
  ]);
  expect(plain.suggestedFilename()).toMatch(/^raffle-archive-\d{4}-\d{2}-\d{2}\.zip$/);
  expect(execFileSync("unzip", ["-Z1", await plain.path()], { encoding: "utf8" })).toContain("reports/summary.pdf");
  await expect(page.getByRole("button", { name: "Download archive" })).toBeEnabled();
  await attachments.check();
  const [asked, download] = await Promise.all([
    page.waitForRequest((r) => r.url().includes("/api/raffle/archive.zip")),
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download archive" }).click(),
  ]);
  expect(new URL(asked.url()).searchParams.get("attachments")).toBe("1");
  expect(execFileSync("unzip", ["-p", await download.path(), "README.txt"], { encoding: "utf8" })).toContain(
    "THEY HOLD PERSONAL DATA",
  );
  await expect(page.getByRole("list", { name: "Archives downloaded while closed" })).toContainText("SHA-256");
  await expectNoA11yViolations(page, { include: "main", label: "Close-out when closed" });
  await page.getByLabel("Type PURGE to confirm").fill("PURGE");
  await page.getByRole("button", { name: "Remove personal data" }).click();
  await expect(page.getByText(/Personal data was removed on/)).toBeVisible();
  await expectNoA11yViolations(page, { include: "main", label: "Close-out after the purge" });

  // The raffle's records refuse writes; the public proof still answers.
  const refused = await api.post("/api/tickets/generate", {
    data: { buyer_name: "Late Buyer", phone_number: "09171234599", payment_method: "cash", quantity: 1 },
  });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).code).toBe("raffle_closed");
  expect((await api.get(`/api/public/draws/${draw.id}`)).status()).toBe(200);
  expect(errors).toEqual([]);
});
