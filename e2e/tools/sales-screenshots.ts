// Photographs the sales-truth screens (run `npm run build` first):
//   SHOTS_DIR=/tmp/shots-sales SHOTS_PORT=4480 npx tsx e2e/tools/sales-screenshots.ts
// The Register screen's payment group (GCash, its rule's message), Ticket Details with a payment
// and a void, the Void dialog, and Delete's "Void Instead".
import { withScreenshotSession } from "./screenshots";

await withScreenshotSession({ role: "admin", tickets: 3 }, async ({ page, api, shoot }) => {
  const generate = async (data: Record<string, unknown>) => {
    const res = await api.post("/api/tickets/generate", { data });
    const answer = (await res.json()) as {
      ticket?: { ticket_id: string; control_number: string };
      tickets?: { ticket_id: string; control_number: string }[];
    };
    const ticket = answer.ticket ?? answer.tickets?.[0];
    if (!ticket) throw new Error(`generate answered ${res.status()}: ${JSON.stringify(answer)}`);
    return ticket;
  };
  const free = await api.get("/api/tickets/unregistered?limit=1");
  const [blank] = ((await free.json()) as { tickets: { control_number: string }[] }).tickets;
  await page.goto("/dashboard/register");
  const panel = page.getByRole("tabpanel");
  await panel.getByLabel("Control Number or Last 5 Digits").fill(blank.control_number);
  await panel.getByLabel("Control Number or Last 5 Digits").press("Enter");
  await panel.getByText("Ticket found!").waitFor();
  await panel.getByLabel("Buyer Name").fill("Maria Clara de los Santos");
  await panel.getByLabel("Phone Number").fill("09171234567");
  await panel.getByRole("radio", { name: "GCash" }).check();
  await panel.getByLabel("GCash Reference").fill("1001 543 61011");
  await panel.locator('form[aria-label="Single registration"] button[type="submit"]').click();
  await panel.getByText("A GCash reference is 13 digits").waitFor();
  await shoot("register-gcash-rule");

  const sold = await generate({
    buyer_name: "Juan Dela Cruz",
    phone_number: "09181234567",
    payment_method: "gcash",
    gcash_reference: "1001 543 610110",
  });
  await api.post(`/api/tickets/${sold.ticket_id}/void`, {
    data: { reason: "refunded", note: "Buyer asked for the money back" },
  });
  await page.goto(`/dashboard/tickets?q=${sold.control_number}`);
  await page
    .getByRole("button", { name: `View details of ${sold.control_number}` })
    .first()
    .click();
  await page.getByTestId("ticket-details-dialog").getByText("Void: not in the draw").waitFor();
  await shoot("details-payment-void", { fullPage: false });
  await page.keyboard.press("Escape");
  await shoot("tickets-void-row");

  const other = await generate({ buyer_name: "Ana Reyes", phone_number: "09191234567" });
  await page.goto(`/dashboard/tickets?q=${other.control_number}`);
  await page
    .getByRole("button", { name: `Delete ${other.control_number}` })
    .first()
    .click();
  await page.getByRole("button", { name: "Void Instead" }).waitFor();
  await shoot("delete-void-instead", { fullPage: false });
  await page.getByRole("button", { name: "Void Instead" }).click();
  await page.getByRole("dialog", { name: `Void ticket ${other.control_number}?` }).waitFor();
  await shoot("void-dialog", { fullPage: false });
});
