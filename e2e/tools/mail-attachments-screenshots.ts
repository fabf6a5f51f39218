// Photographs Ticket Details with Send via Email and the attachments panel (run `npm run build` first):
//   SHOTS_DIR=/tmp/shots-mail SHOTS_PORT=4490 npx tsx e2e/tools/mail-attachments-screenshots.ts
import { withScreenshotSession } from "./screenshots";

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(48_000, 7)]);

await withScreenshotSession({ role: "admin", tickets: 0 }, async ({ page, api, shoot }) => {
  const res = await api.post("/api/tickets/generate", {
    data: {
      buyer_name: "Maria Clara de los Santos",
      phone_number: "09171234567",
      email: "maria.clara@example.com",
      address: "12 Rizal Street, Quezon City",
      payment_method: "cash",
    },
  });
  const { ticket } = (await res.json()) as { ticket: { ticket_id: string; control_number: string } };
  await page.goto(`/dashboard/tickets?q=${ticket.control_number}`);
  await page
    .getByRole("button", { name: `View details of ${ticket.control_number}` })
    .first()
    .click();
  const dialog = page.getByTestId("ticket-details-dialog");
  await dialog.getByRole("button", { name: "View Attachments" }).click();
  await dialog.getByText("No attachments found").waitFor();
  await shoot("details-attachments-empty", { fullPage: false });
  for (const name of ["gcash-receipt-2026-11-24.png", "paper-stub-photo-with-a-rather-long-file-name.png"]) {
    await api.post(`/api/tickets/${ticket.ticket_id}/attachments`, {
      multipart: { file: { name, mimeType: "image/png", buffer: PNG } },
    });
  }
  await page.keyboard.press("Escape");
  await page
    .getByRole("button", { name: `View details of ${ticket.control_number}` })
    .first()
    .click();
  await dialog.getByRole("button", { name: "View Attachments" }).click();
  await dialog.getByText("gcash-receipt-2026-11-24.png").waitFor();
  await dialog.getByRole("button", { name: "Upload Attachment" }).scrollIntoViewIfNeeded();
  await shoot("details-attachments-list", { fullPage: false });
});
