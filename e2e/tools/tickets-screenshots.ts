// Photographs Tickets Management and its dialogs (run `npm run build` first):
//   SHOTS_DIR=/tmp/shots-tickets npx tsx e2e/tools/tickets-screenshots.ts [only-name...]
import { withScreenshotSession } from "./screenshots";

const only = process.argv.slice(2);
const want = (name: string) => only.length === 0 || only.includes(name);

await withScreenshotSession({ role: "admin", tickets: 25 }, async ({ page, shoot }) => {
  await page.goto("/dashboard/tickets");
  await page.getByTestId("ticket-row").first().waitFor();
  if (want("tickets")) await shoot("tickets");

  if (want("filtered")) {
    await page.goto("/dashboard/tickets?status=registered&payment=gcash");
    await page.getByText("Server Search Active").waitFor();
    await shoot("tickets-filtered");
    await page.goto("/dashboard/tickets");
  }

  if (want("generate")) {
    await page.getByRole("button", { name: "Generate Ticket" }).first().click();
    await page.getByRole("dialog").waitFor();
    await page.getByRole("button", { name: "Generate Ticket" }).last().click();
    await page.getByText("Buyer name is required.").waitFor();
    await shoot("generate-dialog-errors", { fullPage: false });
    await page.getByLabel("Buyer Name").fill("Maria Clara");
    await page.getByLabel("Number of Tickets").fill("12");
    await page.getByRole("button", { name: "Generate 12 Tickets" }).click();
    await page.getByTestId("generated-tickets").waitFor();
    await shoot("generate-dialog-success", { fullPage: false });
    await page.getByRole("button", { name: "Close", exact: true }).last().click();
  }

  if (want("details")) {
    await page
      .getByTestId("ticket-row")
      .first()
      .getByRole("button", { name: /View details/ })
      .click();
    await page.getByTestId("ticket-details-dialog").waitFor();
    await shoot("details-dialog", { fullPage: false });
    await page.keyboard.press("Escape");
  }

  if (want("range")) {
    await page.getByRole("button", { name: "Custom Range" }).click();
    await page.getByLabel("Start Range").fill("1");
    await page.getByLabel("End Range").fill("60");
    await page.getByRole("button", { name: "Generate 60 Tickets" }).click();
    await page.getByTestId("custom-range-results").waitFor();
    await shoot("custom-range", { fullPage: false });
    await page.keyboard.press("Escape");
  }

  if (want("empty")) {
    await page.goto("/dashboard/tickets?q=zzzz-nothing");
    await page.getByText("No tickets found").waitFor();
    await shoot("tickets-empty", { fullPage: false });
  }
});
