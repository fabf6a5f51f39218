// The Generate / Edit Ticket dialog's messages, opened from Tickets Management (issue 39: moved from
// e2e/tickets-generate.spec.ts, where each was a page load checking texts with the server's answer):
// every validation message inline, a generation the server refuses, and an edit refused because
// someone registered the ticket meanwhile. Generating and editing for real (the success view, the
// ticket read back), and the dialog's focus and fit, stay in that spec, keyboard.spec.ts and
// tickets-a11y.spec.ts.
import { act, fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiTicket, registeredTicket } from "./api-data";
import { alertsSaying, fill, fillAndLeave, findToast, keepingBodies, refusal, settle, stubApi } from "./render";
import { openFromRow, pageOf, renderTickets, statsOf, TICKETS_SCREEN_READS } from "./tickets-render";

const FIX_THE_ERRORS = "Please fix the errors in the form";

/** Tickets Management's Generate Ticket button, and the dialog it opens once its code has loaded. */
async function openGenerate() {
  await userEvent.click(screen.getByRole("button", { name: "Generate Ticket" }), { delay: null });
  return screen.findByRole("dialog", { name: "Generate Ticket" }, { timeout: 5_000 });
}

const toastsSaying = (text: string) =>
  [...document.querySelectorAll("[data-sonner-toast]")].filter((toast) => toast.textContent?.includes(text));

describe("Generate Ticket", () => {
  afterEach(() => void vi.useRealTimers());

  it("shows every validation message inline, with 'Please fix the errors in the form'", async () => {
    // Timers keep pace with the real clock (so Testing Library's waits work) and are moved on once, to let the first
    // error toast end (4 s) before the second submit.
    vi.useFakeTimers({
      shouldAdvanceTime: true,
      toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"],
    });
    const api = stubApi([...TICKETS_SCREEN_READS]);
    renderTickets("", { tickets: [] });
    const dialog = await openGenerate();
    const d = within(dialog);
    const submit = d.getByRole("button", { name: /^Generate/ });
    const expectMessage = (text: string) => expect(alertsSaying(dialog, text)).toHaveLength(1);
    const expectNoMessage = (text: string) => expect(alertsSaying(dialog, text)).toHaveLength(0);
    const user = userEvent.setup({ delay: null });

    await user.click(submit);
    expect(await d.findByText("Buyer name is required.")).toBeTruthy();
    expectMessage("Buyer name is required.");
    await findToast(FIX_THE_ERRORS);

    const buyerName = d.getByLabelText("Buyer Name");
    await settle(() => fill(buyerName, "  Al "));
    expectMessage("Name must be at least 3 characters.");
    await settle(() => fill(buyerName, "Alma Moreno"));
    expectNoMessage("Name must be at least 3 characters.");

    const phone = d.getByLabelText("Phone Number");
    await settle(() => fill(phone, "91712ab"));
    expect(phone).toHaveProperty("value", "91712");
    await settle(() => fireEvent.blur(phone));
    expectMessage("Must be a 10-digit number.");
    await settle(() => fill(phone, "81712345678"));
    expect(phone).toHaveProperty("value", "8171234567");
    expectMessage("Must start with 9 (e.g., 917...).");
    await settle(() => fill(phone, "9171234567"));
    expect(d.queryAllByRole("alert")).toHaveLength(0);

    const email = d.getByLabelText("Email");
    await fillAndLeave(email, "not-an-email");
    expectMessage("Enter a valid email.");
    await settle(() => fill(email, ""));

    const quantity = d.getByLabelText("Number of Tickets");
    await settle(() => fill(quantity, "0"));
    expect(quantity).toHaveProperty("value", "1");
    expectMessage("Number of tickets must be between 1 and 100.");
    await settle(() => fill(quantity, "250"));
    expect(quantity).toHaveProperty("value", "100");
    expectMessage("Number of tickets must be between 1 and 100.");
    await settle(() => fill(quantity, "1"));
    expectNoMessage("Number of tickets must be between 1 and 100.");

    const middle = d.getByLabelText("Custom Middle Digits");
    await fillAndLeave(middle, "12");
    expectMessage("Middle digits must be exactly 3 digits.");
    await settle(() => fill(middle, ""));
    const last = d.getByLabelText("Custom Last Digits");
    await fillAndLeave(last, "123");
    expectMessage("Last digits must be exactly 5 digits.");
    await settle(() => fill(last, ""));

    await user.click(d.getByRole("radio", { name: "GCash" }));
    // The first toast ends (error toasts last 4 s: components/ui/sonner.tsx), so the next one is the second submit's.
    await act(() => vi.advanceTimersByTimeAsync(4_500));
    expect(toastsSaying(FIX_THE_ERRORS)).toHaveLength(0);
    await user.click(submit);
    expect(await d.findByText("GCash reference is required for GCash payments")).toBeTruthy();
    expectMessage("GCash reference is required for GCash payments");
    await findToast(FIX_THE_ERRORS);
    // Nothing was sent: every check was the form's.
    expect(api.seen.filter((request) => request.startsWith("POST "))).toEqual([]);
    expect(api.unknown).toEqual([]);
  });

  it("a refused generation shows the server's reason", async () => {
    const holder = registeredTicket("Holder Buyer");
    const sent: unknown[] = [];
    const api = stubApi([
      [
        /^\/api\/tickets\/generate$/,
        // What the server answers for a taken custom number (tests/integration/tickets-generate.test.ts, "answers 409
        // naming the ticket that holds a taken custom number").
        keepingBodies(
          sent,
          refusal(
            409,
            "conflict",
            `Ticket number ${holder.last_5_digits} is already taken by ticket ${holder.control_number}.`,
          ),
        ),
      ],
      ...TICKETS_SCREEN_READS,
    ]);
    renderTickets("", { tickets: [holder] });
    const dialog = await openGenerate();
    const d = within(dialog);
    fill(d.getByLabelText("Buyer Name"), "Second Buyer");
    fill(d.getByLabelText("Custom Last Digits"), holder.last_5_digits);
    await userEvent.click(d.getByRole("button", { name: "Generate Ticket" }), { delay: null });
    await findToast(
      `Failed to generate tickets: Ticket number ${holder.last_5_digits} is already taken by ticket ` +
        `${holder.control_number}.`,
    );
    // The form stays, to choose another number.
    expect(d.getByLabelText("Buyer Name")).toHaveProperty("value", "Second Buyer");
    expect(sent).toEqual([
      expect.objectContaining({ buyer_name: "Second Buyer", customLastDigits: holder.last_5_digits }),
    ]);
    expect(api.unknown).toEqual([]);
  });
});

describe("Edit Ticket", () => {
  it("editing a ticket someone registered meanwhile shows 'Already registered to: {buyer}'", async () => {
    const ticket = apiTicket();
    const winner = "Quick Buyer";
    const sold = { ...ticket, buyer_name: winner, status: "registered", is_registered: true };
    const api = stubApi([
      [
        new RegExp(`^/api/tickets/${ticket.ticket_id}$`),
        // Someone registered it after the list was read: the server refuses the edit (tests/integration/
        // tickets-query.test.ts, "refuses a second edit with 409 'Already registered to: {buyer}'…").
        refusal(409, "already_registered", `Already registered to: ${winner}`),
      ],
      // A refused edit reads the lists again, which now show the sale.
      [/^\/api\/tickets\/search\?/, pageOf([sold])],
      [/^\/api\/tickets\/stats$/, { json: { success: true, ...statsOf([sold]) } }],
      ...TICKETS_SCREEN_READS,
    ]);
    renderTickets(`?q=${ticket.control_number}`, { tickets: [ticket] });
    const dialog = await openFromRow(ticket.control_number, "Edit");
    expect(within(dialog).getByRole("heading", { name: "Edit Ticket" })).toBeTruthy();
    fill(within(dialog).getByLabelText("Buyer Name"), "Late Editor");
    await userEvent.click(within(dialog).getByRole("button", { name: "Update Ticket" }), { delay: null });
    await findToast(`Failed to update ticket: Already registered to: ${winner}`);
    expect(alertsSaying(dialog, `Already registered to: ${winner}`)).toHaveLength(1);
    expect(api.seen.filter((request) => request.startsWith("PUT "))).toEqual([`PUT /api/tickets/${ticket.ticket_id}`]);
    expect(api.unknown).toEqual([]);
  });
});
