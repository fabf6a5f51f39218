// Ticket Registration's states without a browser (issue 39: moved from e2e/register-single.spec.ts
// and e2e/register-multiple.spec.ts, where each was a page load checking texts and disabled
// controls): the lookup's status lines (not found, registered, failed, cleared), an older lookup
// aborted and its late answer ignored, the unregistered list's load failure, and a multiple
// registration the server refuses whole. Registering, the keyboard flow, focus and the screen's fit
// stay in those specs and register-layout.spec.ts.
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { RegisterScreen } from "@/components/register/register-screen";
import { SINGLE_LOOKUP_DEBOUNCE_MS, SINGLE_LOOKUP_WAIT_MS } from "@/lib/registration";
import { apiTicket, RAFFLE_SELLING, registeredTicket } from "./api-data";
import {
  fill,
  findToast,
  keepingBodies,
  refusal,
  renderScreen,
  SERVER_ERROR,
  type StubAnswer,
  stubApi,
} from "./render";

const NOT_FOUND = "Ticket not found with the provided control number or last 5 digits";
const LOOKUP_FAILED = "Failed to search for ticket. Please try again.";
/** GET /api/tickets/search/{term} for a term that names no ticket (server/tickets/ticket-ref.ts). */
const NO_SUCH_TICKET = refusal(404, "not_found", NOT_FOUND);
const lookupPath = (term: string) => new RegExp(`^/api/tickets/search/${term}$`);
const found = (ticket: ReturnType<typeof apiTicket>) => ({ json: { success: true, ticket } });

/** The visible tab's controls, as e2e/register-page.ts names them. */
function singleTab() {
  const panel = screen.getByRole("tabpanel", { name: "Single Registration" });
  return {
    controlNumber: within(panel).getByLabelText("Control Number or Last 5 Digits"),
    status: within(panel).getByTestId("lookup-status"),
    buyerName: within(panel).getByRole("textbox", { name: "Buyer Name" }),
    submit: within(within(panel).getByRole("form", { name: "Single registration" })).getByRole("button", {
      name: /Search for ticket first|Register Ticket|Already Registered/,
    }),
  };
}

describe("Single Registration's lookup", () => {
  // The lookup waits 800 ms after the last keystroke and then 1.5 s more (SPEC sections 4 and 9): the clock is moved
  // on by hand, so each lookup takes no real time. Testing Library's waiting helpers (findBy…, userEvent) wait on a
  // timer of their own, so these tests look at the screen after moving the clock.
  beforeEach(() => void vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] }));
  afterEach(() => void vi.useRealTimers());
  /** Moves the clock on by `ms`, letting React render between steps as it would between a browser's frames. */
  async function elapse(ms: number) {
    for (let at = 0; at < ms; at += 50) await act(() => vi.advanceTimersByTimeAsync(50));
  }
  /** One lookup's time: the debounce, the wait, and a step for the answer to show. */
  const LOOKUP_MS = SINGLE_LOOKUP_DEBOUNCE_MS + SINGLE_LOOKUP_WAIT_MS + 100;

  it("not found, failure, and a registered ticket's status lines", async () => {
    const registered = registeredTicket("Jose Rizal");
    const api = stubApi([
      [/^\/api\/tickets\/search\/NOPE-000-00000$/, NO_SUCH_TICKET],
      // The server finds a control number in any case (tests/integration/tickets-query.test.ts).
      [lookupPath(registered.control_number.toLowerCase()), found(registered)],
      [lookupPath(registered.last_5_digits), SERVER_ERROR],
      RAFFLE_SELLING,
    ]);
    renderScreen(<RegisterScreen />, { url: "/dashboard/register" });
    const r = singleTab();

    fill(r.controlNumber, "NOPE-000-00000");
    await elapse(LOOKUP_MS);
    expect(r.status.textContent).toBe(NOT_FOUND);
    expect(r.submit.textContent).toBe("Search for ticket first");
    expect(r.buyerName).toHaveProperty("disabled", true);

    fill(r.controlNumber, registered.control_number.toLowerCase());
    await elapse(LOOKUP_MS);
    expect(r.status.textContent).toBe("Already registered to: Jose Rizal");
    expect(r.submit.textContent).toBe("Already Registered");

    // Fewer than 3 characters clears the result.
    fill(r.controlNumber, "B2");
    await elapse(LOOKUP_MS);
    expect(r.status.textContent).toBe("");

    fill(r.controlNumber, registered.last_5_digits);
    // The 500 is asked again once, a second later (components/providers.tsx), and waited for again.
    await elapse(LOOKUP_MS + 1_000 + SINGLE_LOOKUP_WAIT_MS);
    expect(r.status.textContent).toBe(LOOKUP_FAILED);
    expect(r.submit.textContent).toBe("Search for ticket first");

    expect(api.seen.filter((request) => request.startsWith("GET /api/tickets/search/"))).toEqual([
      "GET /api/tickets/search/NOPE-000-00000",
      `GET /api/tickets/search/${registered.control_number.toLowerCase()}`,
      `GET /api/tickets/search/${registered.last_5_digits}`,
      `GET /api/tickets/search/${registered.last_5_digits}`,
    ]);
    expect(api.unknown).toEqual([]);
  });

  it("a newer keystroke cancels an older lookup: the old term's slow answer never shows", async () => {
    const older = apiTicket();
    let answerOlder!: (answer: StubAnswer) => void;
    let olderSignal: AbortSignal | null | undefined;
    const api = stubApi([
      [
        lookupPath(older.last_5_digits),
        (_, init) => {
          olderSignal = init?.signal;
          return new Promise<StubAnswer>((resolve) => (answerOlder = resolve));
        },
      ],
      [/^\/api\/tickets\/search\/NOPE-000-00000$/, NO_SUCH_TICKET],
      RAFFLE_SELLING,
    ]);
    renderScreen(<RegisterScreen />, { url: "/dashboard/register" });
    const r = singleTab();

    fill(r.controlNumber, older.last_5_digits);
    await elapse(SINGLE_LOOKUP_DEBOUNCE_MS);
    expect(api.seen).toContain(`GET /api/tickets/search/${older.last_5_digits}`);
    expect(olderSignal?.aborted).toBe(false);

    // The field changes while the old answer is still out: the old request is aborted.
    fill(r.controlNumber, "NOPE-000-00000");
    expect(olderSignal?.aborted).toBe(true);
    await elapse(LOOKUP_MS);
    expect(r.status.textContent).toBe(NOT_FOUND);
    // Even if its answer arrived now, nothing would take it.
    answerOlder(found(older));
    await elapse(LOOKUP_MS);
    expect(r.status.textContent).toBe(NOT_FOUND);
    expect(r.buyerName).toHaveProperty("disabled", true);
    expect(api.unknown).toEqual([]);
  });
});

describe("Multiple Registration", () => {
  it("a load failure toasts 'Failed to load unregistered tickets'", async () => {
    const api = stubApi([[/^\/api\/tickets\/unregistered\?/, SERVER_ERROR], RAFFLE_SELLING]);
    renderScreen(<RegisterScreen />, { url: "/dashboard/register?tab=multiple" });
    // The tab's code loads when it is first shown (components/register/register-screen.tsx).
    const panel = await screen.findByRole("tabpanel", { name: "Multiple Registration" });
    await userEvent.click(await within(panel).findByRole("button", { name: "Load All" }, { timeout: 5_000 }));
    expect((await findToast("Failed to load unregistered tickets")).tagName).toBe("LI");
    // Asked twice (the one retry for a 5xx), then said.
    expect(api.seen.filter((request) => request.startsWith("GET /api/tickets/unregistered?"))).toHaveLength(2);
    expect(api.unknown).toEqual([]);
  });

  it("nothing registered: 'Registration Failed' with every error line and the failure toast", async () => {
    const ticket = apiTicket();
    const line = `Ticket ${ticket.control_number}: Already registered to: Faster Seller`;
    const sent: unknown[] = [];
    const api = stubApi([
      [lookupPath(ticket.control_number), found(ticket)],
      [
        /^\/api\/tickets\/register-multiple$/,
        // Someone registered it after it was added: the server's answer when nothing could be registered
        // (tests/integration/tickets-register.test.ts, "reports failure when nothing could be registered").
        keepingBodies(sent, {
          json: {
            success: false,
            message: "No tickets were registered",
            totalRequested: 1,
            registeredCount: 0,
            registeredTickets: [],
            errors: [line],
          },
        }),
      ],
      RAFFLE_SELLING,
    ]);
    renderScreen(<RegisterScreen />, { url: "/dashboard/register?tab=multiple" });
    const panel = within(await screen.findByRole("tabpanel", { name: "Multiple Registration" }));
    const user = userEvent.setup({ delay: null });
    const addInput = await panel.findByLabelText("Add Ticket by Control Number", {}, { timeout: 5_000 });
    fill(addInput, ticket.control_number);
    await user.type(addInput, "{Enter}");
    await waitFor(() => expect(panel.getByTestId("selected-count").textContent).toBe("Selected Tickets (1)"));

    fill(panel.getByRole("textbox", { name: "Buyer Name" }), "Too Late");
    fill(panel.getByRole("textbox", { name: "Phone Number" }), "9170000012");
    await user.click(panel.getByRole("button", { name: /^Register \d+ Ticket\(s\)$/ }));
    const result = within(await panel.findByTestId("multiple-result"));
    expect(result.getByRole("heading", { level: 2 }).textContent).toBe("Registration Failed");
    expect(result.getByTestId("result-message").textContent).toBe("No tickets were registered");
    expect(result.getByTestId("count-registered").textContent).toBe("0");
    expect(
      within(result.getByTestId("registration-errors"))
        .getAllByRole("listitem")
        .map((item) => item.textContent),
    ).toEqual([line]);
    await findToast("Registration failed: No tickets were registered");
    // The buyer stays typed in, for other tickets.
    expect(panel.getByRole("textbox", { name: "Buyer Name" })).toHaveProperty("value", "Too Late");
    expect(sent).toEqual([
      expect.objectContaining({ buyerName: "Too Late", phoneNumber: "9170000012", ticketIds: [ticket.control_number] }),
    ]);
    expect(api.unknown).toEqual([]);
  });
});
