// Drum mode (issue 23, docs/decisions/129) as an organiser runs it, on a server of its own (the
// commit freezes the raffle): commit a drum draw, scan counterfoils as they come out of the
// physical drum (a void one is refused with the reason), and the last one completes the draw.
import { expect, test, type Page } from "./browser-test";
import { expectNoA11yViolations } from "./a11y";
import { useOwnServer } from "./own-server";

const server = useOwnServer({ portOffset: 71, code: "DRUM-C0DE" });

async function toastsGone(page: Page) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

test("drum mode: the same commit, then each counterfoil checked against the pool", async ({ page, playwright }) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const api = await server.signInAsAdmin(page, playwright);
  await api.put("/api/settings", { data: { api_rate_limit: 100_000 } });
  const sold = await api.post("/api/tickets/generate", {
    data: { buyer_name: "Maria Clara Santos", phone_number: "09171234510", payment_method: "cash", quantity: 5 },
  });
  expect(sold.status(), await sold.text()).toBeLessThan(300);
  const tickets: { id: string; control_number: string }[] = (await sold.json()).tickets;
  expect((await api.post(`/api/tickets/${tickets[4].id}/void`, { data: { reason: "lost_stub" } })).status()).toBe(200);
  expect(
    (
      await api.post("/api/prizes", { data: { rank: 1, name: "Honda Click 125i", valuePhp: 80000, backups: 1 } })
    ).status(),
  ).toBe(201);
  expect(
    (
      await api.post("/api/raffle/close-sales", {
        data: { overrides: [{ item: "seller_balances", reason: "Ada holds the cash; remits at the draw" }] },
      })
    ).status(),
  ).toBe(200);

  await page.goto("/dashboard/draw");
  await page.getByLabel("How the winners are drawn").selectOption("drum");
  await expect(page.getByLabel("Outside value")).toHaveCount(0);
  await page.getByRole("button", { name: "Commit" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Commit" }).click();
  await expect(page.getByRole("heading", { name: "Draw 1: commitment" })).toBeVisible();
  await expect(page.getByText("a physical drum: counterfoils drawn by hand before witnesses").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Draw day: the drum" })).toBeVisible();
  await expect(page.getByText("Next: position 1, Honda Click 125i (winner)")).toBeVisible();
  await toastsGone(page);
  await expectNoA11yViolations(page, { label: "the drum card" });

  await page.getByLabel("Witnesses").fill("Pedro Penduko");
  await page.getByLabel("Control number").fill(tickets[4].control_number);
  await page.getByRole("button", { name: "Record counterfoil" }).click();
  await expect(
    page.getByText(`Ticket ${tickets[4].control_number} is void: it is not in the draw. Put it aside and draw again`),
  ).toBeVisible();
  await page.getByLabel("Control number").fill(tickets[2].control_number.toLowerCase());
  await page.getByRole("button", { name: "Record counterfoil" }).click();
  await expect(page.getByRole("table", { name: "Counterfoils drawn so far" }).getByRole("row")).toHaveCount(2);
  await expect(page.getByText("Next: position 2, Honda Click 125i (backup)")).toBeVisible();
  await expect(page.getByLabel("Control number")).toHaveValue("");
  await page.getByLabel("Control number").fill(tickets[2].control_number);
  await page.getByRole("button", { name: "Record counterfoil" }).click();
  await expect(page.getByText(`Ticket ${tickets[2].control_number} is already drawn (position 1)`)).toBeVisible();
  await page.getByLabel("Control number").fill(tickets[0].control_number);
  await page.getByRole("button", { name: "Record counterfoil" }).click();

  await expect(page.getByRole("heading", { name: "Draw 1: winners" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "The raffle is:" })).toContainText("Drawn");
  await expect(page.getByRole("table").last().getByRole("row")).toHaveCount(3);
  await toastsGone(page);
  await expectNoA11yViolations(page, { label: "the Draw page after the drum" });
  expect(errors).toEqual([]);
  await api.dispose();
});
