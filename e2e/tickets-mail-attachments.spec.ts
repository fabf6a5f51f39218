// Issue 10 in the browser: Send via Email (through a real SMTP server per worker, see
// fixtures.ts `mailSink`) from Ticket Details and from the generate success view, and the
// attachments panel (empty, upload, download, delete) with axe scans.
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";
import { generateTickets } from "./seed";
import { gotoTickets, rowOf, toast, uniquePhone, uniqueToken } from "./tickets-page";

test.use({ role: "admin" });

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(3 * 1024 + 300, 7),
]);

async function openDetails(page: Page, controlNumber: string) {
  await gotoTickets(page, `?q=${controlNumber}`);
  await rowOf(page, controlNumber)
    .getByRole("button", { name: `View details of ${controlNumber}` })
    .click();
  const details = page.getByRole("dialog", { name: "Ticket Details" });
  await expect(details.getByTestId("details-control-number")).toHaveText(controlNumber);
  return details;
}

test("Send via Email mails the ticket to its buyer through the SMTP server", async ({ page, adminApi, mailSink }) => {
  const email = `${uniqueToken("buyer").toLowerCase()}@example.com`;
  const name = uniqueToken("Mail <Buyer> ");
  const [ticket] = await generateTickets(adminApi, { buyer_name: name, phone_number: uniquePhone(), email });
  const before = mailSink.messages.length;
  const details = await openDetails(page, ticket.control_number);
  await expectNoA11yViolations(page, {
    include: '[data-testid="ticket-details-dialog"]',
    label: "Ticket Details with Send via Email",
  });

  await details.getByRole("button", { name: "Send via Email" }).click();
  await expect(toast(page, `Ticket sent to ${email} successfully!`)).toBeVisible();
  const messages = await mailSink.waitFor(before + 1);
  const mail = messages.filter((m) => m.to.includes(email)).at(-1)!;
  expect(mail.subject).toBe("Your Batch 2000 Raffle Ticket");
  expect(mail.text).toContain(`Control Number: ${ticket.control_number}`);
  expect(mail.html).toContain(name.replace("<", "&lt;").replace(">", "&gt;"));
});

// A failed send: tests/component/ticket-dialogs.test.tsx (issue 39).

test("no Send via Email for a ticket without an email; the generate success view offers it", async ({
  page,
  adminApi,
  mailSink,
}) => {
  const [plain] = await generateTickets(adminApi, { buyer_name: uniqueToken("No Mail ") });
  const details = await openDetails(page, plain.control_number);
  await expect(details.getByRole("button", { name: "View Attachments" })).toBeVisible();
  await expect(details.getByRole("button", { name: "Send via Email" })).toHaveCount(0);
  await page.keyboard.press("Escape");

  await page.getByRole("button", { name: "Generate Ticket" }).click();
  const dialog = page.getByRole("dialog", { name: "Generate Ticket" });
  await dialog.getByLabel("Buyer Name").fill(uniqueToken("Fresh Buyer "));
  await dialog.getByLabel("Phone Number").fill(uniquePhone());
  await dialog.getByLabel("Email").fill("fresh.buyer@example.com");
  await dialog.getByRole("button", { name: "Generate Ticket" }).click();
  const success = dialog.getByTestId("generated-tickets");
  await expect(success).toBeVisible();
  const before = mailSink.messages.length;
  await success.getByRole("button", { name: "Send via Email" }).click();
  await expect(toast(page, "Ticket sent to fresh.buyer@example.com successfully!")).toBeVisible();
  await mailSink.waitFor(before + 1);
  expect(mailSink.messages.at(-1)!.to).toEqual(["fresh.buyer@example.com"]);
});

test("attachments: empty, uploaded, downloaded, hidden again on reopening, deleted after confirming", async ({
  page,
  adminApi,
}) => {
  const [ticket] = await generateTickets(adminApi, {
    buyer_name: uniqueToken("Proof Buyer "),
    email: "proof@example.com",
  });
  let details = await openDetails(page, ticket.control_number);
  await expect(details.getByTestId("attachments-panel")).toHaveCount(0);
  await details.getByRole("button", { name: "View Attachments" }).click();
  const panel = details.getByTestId("attachments-panel");
  await expect(panel).toContainText("No attachments found");
  await expect(panel).toContainText("This physical ticket doesn't have any proof of payment attached");

  await panel
    .getByTestId("attachment-file-input")
    .setInputFiles({ name: "gcash-receipt.png", mimeType: "image/png", buffer: PNG });
  await expect(toast(page, "Attachment uploaded successfully!")).toBeVisible();
  const item = panel.getByRole("listitem").filter({ hasText: "gcash-receipt.png" });
  await expect(item).toContainText(`${(PNG.length / 1024).toFixed(1)} KB`);
  const today = new Intl.DateTimeFormat("en-US", {
    timeZone: "Asia/Manila",
    month: "short",
    day: "numeric",
    year: "numeric",
  }).format(new Date());
  await expect(item).toContainText(today);
  await expectNoA11yViolations(page, {
    include: '[data-testid="ticket-details-dialog"]',
    label: "Ticket Details with attachments",
  });

  const downloading = page.waitForEvent("download");
  await item.getByRole("button", { name: "Download gcash-receipt.png" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe("gcash-receipt.png");
  expect((await readFile((await download.path())!)).equals(PNG)).toBe(true);
  await expect(toast(page, "Attachment downloaded successfully!")).toBeVisible();

  // A file that is not an accepted type: the server's message in the toast.
  await panel
    .getByTestId("attachment-file-input")
    .setInputFiles({ name: "setup.jpg", mimeType: "image/jpeg", buffer: Buffer.from("MZ not a photo") });
  await expect(
    toast(page, "Failed to upload attachment: Only JPEG, PNG, WebP, HEIC and PDF files can be attached"),
  ).toBeVisible();

  // Reopening hides the panel again; showing it uses what was loaded.
  await page.keyboard.press("Escape");
  await expect(details).toHaveCount(0);
  await rowOf(page, ticket.control_number)
    .getByRole("button", { name: `View details of ${ticket.control_number}` })
    .click();
  details = page.getByRole("dialog", { name: "Ticket Details" });
  await expect(details.getByTestId("attachments-panel")).toHaveCount(0);
  await details.getByRole("button", { name: "View Attachments" }).click();
  await expect(details.getByRole("listitem").filter({ hasText: "gcash-receipt.png" })).toBeVisible();

  await details.getByRole("button", { name: "Delete gcash-receipt.png" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete attachment?" });
  await expect(confirm).toContainText("gcash-receipt.png");
  await confirm.getByRole("button", { name: "Delete Attachment" }).click();
  await expect(toast(page, "Attachment deleted successfully")).toBeVisible();
  await expect(details.getByTestId("attachments-panel")).toContainText("No attachments found");
});

// A download the server refuses: tests/component/ticket-dialogs.test.tsx (issue 39).

test.describe("as staff", () => {
  test.use({ role: "user" });

  test(
    "staff see their own ticket's attachments and can send it, but cannot upload or delete in the " + "dashboard",
    async ({ page, userApi }) => {
      const [ticket] = await generateTickets(userApi, {
        buyer_name: uniqueToken("Staff Buyer "),
        email: "staff.buyer@example.com",
      });
      const uploaded = await userApi.post(`/api/tickets/${ticket.ticket_id}/attachments`, {
        multipart: { file: { name: "stub.png", mimeType: "image/png", buffer: PNG } },
      });
      expect(uploaded.status()).toBe(201);
      // Staff reach Ticket Details from the Overview's Recent Activity.
      await page.goto("/dashboard/overview");
      await page
        .getByRole("button", { name: new RegExp(ticket.control_number) })
        .first()
        .click();
      const details = page.getByRole("dialog", { name: "Ticket Details" });
      await expect(details.getByTestId("details-control-number")).toHaveText(ticket.control_number);
      await details.getByRole("button", { name: "View Attachments" }).click();
      await expect(details.getByRole("listitem").filter({ hasText: "stub.png" })).toBeVisible();
      await expect(details.getByRole("button", { name: "Upload Attachment" })).toHaveCount(0);
      await expect(details.getByRole("button", { name: "Delete stub.png" })).toHaveCount(0);
      await details.getByRole("button", { name: "Send via Email" }).click();
      await expect(toast(page, "Ticket sent to staff.buyer@example.com successfully!")).toBeVisible();
    },
  );
});
