// The Custom Range Generator's preview and messages, and Ticket Details' refusals, opened from Tickets
// Management (issue 39: moved from e2e/tickets-dialogs.spec.ts and e2e/tickets-mail-attachments.spec.ts,
// where each was a page load checking texts and a button's state with a refused or failed answer).
// Generating a range, copying, sending through the SMTP server, uploading and downloading for real,
// and the dialogs' axe scans and fit stay in those specs and tickets-a11y.spec.ts.
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { TicketAttachment } from "@/lib/api/ticket-files";
import type { Ticket } from "@/lib/api/tickets";
import { ADMIN_EMAIL, registeredTicket } from "./api-data";
import { alertsSaying, fill, fillAndLeave, findToast, keepingBodies, refusal, settle, stubApi } from "./render";
import { openFromRow, renderTickets, statsOf, TICKETS_SCREEN_READS } from "./tickets-render";

describe("Custom Range Generator", () => {
  it("previews count, revenue, range and existing tickets, and validates every field", async () => {
    const listed = registeredTicket("Range Buyer");
    // The stats' total as the server counts it: enough to need a thousands separator.
    const stats = { ...statsOf([listed]), total: 1_234 };
    const api = stubApi([[/^\/api\/tickets\/stats$/, { json: { success: true, ...stats } }], ...TICKETS_SCREEN_READS]);
    renderTickets("", { tickets: [listed], stats });
    const user = userEvent.setup({ delay: null });
    const openRange = async () => {
      await user.click(screen.getByRole("button", { name: "Custom Range" }));
      return screen.findByRole("dialog", { name: "Custom Range Generator" }, { timeout: 5_000 });
    };
    const dialog = await openRange();
    const d = within(dialog);
    const [start, end, userId] = ["Start Range", "End Range", "User ID"].map((label) => d.getByLabelText(label));
    expect(userId).toHaveProperty("value", ADMIN_EMAIL);
    expect(d.getByTestId("existing-tickets").textContent).toContain("1,234 tickets already exist");
    const submit = d.getByRole("button", { name: /^Generate/ });
    expect(submit).toHaveProperty("disabled", true);

    await settle(() => fill(start, "101"));
    await settle(() => fill(end, "350"));
    expect(d.getByTestId("preview-count").textContent).toBe("250");
    // 250 at ADMIN_SETTINGS' ₱50.
    expect(d.getByTestId("preview-revenue").textContent).toBe("₱12,500.00");
    expect(d.getByTestId("preview-range").textContent).toBe("00101 - 00350");
    expect(submit).toHaveProperty("disabled", false);

    const expectMessage = (text: string) => expect(alertsSaying(dialog, text)).toHaveLength(1);
    await settle(() => fill(end, "100"));
    expect(d.getByTestId("preview-count").textContent).toBe("0");
    expect(submit).toHaveProperty("disabled", true);
    await settle(() => fireEvent.blur(end));
    expectMessage("End range must be greater than or equal to start range");

    await settle(() => fill(end, "10101"));
    expect(d.getByTestId("preview-count").textContent).toBe("10,001");
    expectMessage("Maximum 10,000 tickets can be generated at once");
    await user.click(submit);
    await findToast("Please fix the errors in the form");

    await fillAndLeave(start, "");
    expectMessage("Start range is required");
    await settle(() => fill(start, "0"));
    expectMessage("Start range must be a positive number");
    await settle(() => fill(end, ""));
    expectMessage("End range is required");
    await settle(() => fill(end, "-3"));
    expectMessage("End range must be a positive number");
    await fillAndLeave(userId, "  ");
    expectMessage("User ID is required");
    // Nothing was sent: every refusal was the form's.
    expect(api.seen.filter((request) => request.startsWith("POST "))).toEqual([]);

    // Escape closes it; so does a press outside it (on the overlay, which covers the rest of the screen).
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("dialog")).toBeNull();
    await openRange();
    await user.click(document.querySelector<HTMLElement>("[data-slot=dialog-overlay]")!);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(api.unknown).toEqual([]);
  });
});

describe("Ticket Details", () => {
  afterEach(() => void vi.restoreAllMocks());

  /** Ticket Details of `ticket`, opened from its row in the list searched for it. */
  async function openDetails(ticket: Ticket) {
    renderTickets(`?q=${ticket.control_number}`, { tickets: [ticket] });
    const details = await openFromRow(ticket.control_number, "View details of");
    expect(within(details).getByTestId("details-control-number").textContent).toBe(ticket.control_number);
    return within(details);
  }

  it("a failed copy says 'Failed to copy control number'", async () => {
    // The browser refuses the clipboard (a permission denied).
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("denied"));
    const api = stubApi([...TICKETS_SCREEN_READS]);
    const details = await openDetails(registeredTicket("Copy Fail Buyer"));
    await userEvent.click(details.getByRole("button", { name: "Copy control number" }), { delay: null });
    await findToast("Failed to copy control number");
    expect(api.unknown).toEqual([]);
  });

  it("a failed send says 'Failed to send email: {message}'", async () => {
    const ticket = registeredTicket("Off Buyer", { email: "off@example.com" });
    const sent: unknown[] = [];
    const api = stubApi([
      [
        /^\/api\/tickets\/send-email$/,
        // What the server answers while the email_notifications setting is off (tests/integration/
        // tickets-email.test.ts, "refuses with 409 while the email_notifications setting is off").
        keepingBodies(sent, refusal(409, "notifications_off", "Email notifications are turned off in Settings")),
      ],
      ...TICKETS_SCREEN_READS,
    ]);
    const details = await openDetails(ticket);
    // Send via Email comes with the dialog's extensions, loaded on first use.
    await userEvent.click(await details.findByRole("button", { name: "Send via Email" }, { timeout: 5_000 }), {
      delay: null,
    });
    await findToast("Failed to send email: Email notifications are turned off in Settings");
    expect(sent).toEqual([
      expect.objectContaining({
        to: "off@example.com",
        ticket: expect.objectContaining({ control_number: ticket.control_number }),
      }),
    ]);
    expect(api.unknown).toEqual([]);
  });

  it("a download the server refuses says 'Failed to download attachment'", async () => {
    const ticket = registeredTicket("Gone Proof Buyer");
    const attachment: TicketAttachment = {
      id: "6f1c1f40-8a55-4c1e-9d4e-2f0d7c1b0a99",
      file_name: "stub.png",
      file_size: 3_372,
      content_type: "image/png",
      created_at: "2026-01-11T03:00:00.000Z",
    };
    const api = stubApi([
      [new RegExp(`^/api/tickets/${ticket.ticket_id}/attachments$`), { json: [attachment] }],
      // Deleted elsewhere after the list loaded: the download answers 404 (tests/integration/
      // tickets-attachments.test.ts, "only administrators delete, and every change is audited").
      [
        new RegExp(`^/api/tickets/attachment/${attachment.id}/download$`),
        refusal(404, "not_found", "Attachment not found"),
      ],
      ...TICKETS_SCREEN_READS,
    ]);
    const details = await openDetails(ticket);
    const user = userEvent.setup({ delay: null });
    await user.click(await details.findByRole("button", { name: "View Attachments" }, { timeout: 5_000 }));
    const item = await details.findByRole("listitem");
    expect(item.textContent).toContain("stub.png");
    await user.click(within(item).getByRole("button", { name: "Download stub.png" }));
    await findToast("Failed to download attachment");
    expect(api.seen.filter((request) => request.includes("/download"))).toEqual([
      `GET /api/tickets/attachment/${attachment.id}/download`,
    ]);
    expect(api.unknown).toEqual([]);
  });
});
