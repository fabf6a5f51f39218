// Issue 26, "keyboard scripts for each flow": each main flow done from the keyboard alone. Tab
// reaches the flow's trigger from the top of the page, Enter or Space opens it, Tab (or the arrow
// keys in a menu) goes through its fields in the order they appear on screen, Escape closes it and
// the focus is back on the trigger. One data-driven test per flow, at 1280 × 800.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { addUser, createUnregisteredTickets, generateTickets } from "./seed";
import { uniqueEmail } from "./helpers";
import { gotoTickets } from "./tickets-page";

/** A focus stop; `type` is typed once it has the focus; `newColumn`: it starts the next column to the right. */
type Stop = Locator | { at: Locator; type?: string; newColumn?: boolean };

interface Flow {
  name: string;
  /** Data the flow needs, through the API; what it answers is passed to the locators. */
  seed?: (api: APIRequestContext) => Promise<string>;
  /** What the page's requests answer instead of the server, for data the API cannot make quickly. */
  mock?: (page: Page, seeded: string) => Promise<void>;
  path: string | ((seeded: string) => string);
  /** What Tab must reach from the top of the page, and Enter/Space opens. */
  trigger: (page: Page, seeded: string) => Locator;
  openKey: "Enter" | "Space";
  /** The dialog, menu or form the trigger opens. */
  surface: (page: Page, seeded: string) => Locator;
  /** Its focus stops, in the order they appear on screen (top to bottom, left to right). */
  stops: (surface: Locator, seeded: string) => Stop[];
  /** Tab, or ArrowDown in a menu. */
  moveKey?: "Tab" | "ArrowDown";
  /** Escape closes the surface and gives the focus back to the trigger. */
  closesWithEscape: boolean;
}

const field = (surface: Locator, label: string) => surface.getByLabel(label, { exact: true });
const textbox = (surface: Locator, name: string) => surface.getByRole("textbox", { name, exact: true });
const button = (surface: Locator, name: string) => surface.getByRole("button", { name, exact: true });

/** A seller with one stub handed out and one cash remittance (a receipt to void); answers their id. */
async function seedSellerWithReceipt(api: APIRequestContext) {
  const { user } = (await addUser(api, { email: uniqueEmail("keyboard-seller"), displayName: "Sam Statement" })) as {
    user: { id: string };
  };
  const [stub] = await createUnregisteredTickets(api, 1);
  const handedOut = await api.post(`/api/sellers/${user.id}/allocations`, {
    data: { from: stub.last_5_digits, to: stub.last_5_digits },
  });
  expect(handedOut.status(), await handedOut.text()).toBe(201);
  const remitted = await api.post("/api/remittances", { data: { sellerId: user.id, amount: "10.00", method: "cash" } });
  expect(remitted.status(), await remitted.text()).toBe(201);
  return user.id;
}
const statementOf = (sellerId: string) => `/dashboard/statement?seller=${sellerId}`;

/** One line of money no payment explains (Money without tickets), as GET /api/reconciliation/lines answers it. */
const UNMATCHED_REFERENCE = "7000000000042";
const unmatchedLine = {
  id: "00000000-0000-4000-8000-000000000042",
  importId: "00000000-0000-4000-8000-000000000001",
  accountLabel: "GCash 0917",
  lineNo: 1,
  occurredAt: "2026-11-27T02:00:00.000Z",
  description: "Received from a stranger",
  reference: UNMATCHED_REFERENCE,
  amount: "75.00",
  state: "unmatched",
  matchKind: null,
  paymentId: null,
  note: null,
  candidates: [],
};

const FLOWS: Flow[] = [
  {
    name: "register a single ticket",
    seed: async (api) => (await createUnregisteredTickets(api, 1))[0].last_5_digits,
    path: "/dashboard/register",
    trigger: (page) => page.getByRole("tab", { name: "Single Registration" }),
    openKey: "Enter",
    surface: (page) => page.getByRole("form", { name: "Single registration" }),
    // The buyer's fields open once the typed number finds the ticket.
    stops: (form, last5) => [
      { at: textbox(form, "Control Number or Last 5 Digits"), type: last5 },
      textbox(form, "Buyer Name"),
      textbox(form, "Phone Number"),
      textbox(form, "Email (optional)"),
      textbox(form, "Address (optional)"),
      form.getByRole("radiogroup", { name: "Payment Method" }),
      button(form, "Register Ticket"),
    ],
    closesWithEscape: false,
  },
  {
    name: "register multiple tickets",
    path: "/dashboard/register?tab=multiple",
    trigger: (page) => page.getByRole("tab", { name: "Multiple Registration" }),
    openKey: "Space",
    surface: (page) => page.getByRole("tabpanel"),
    // The buyer on the left, then the tickets to choose from on the right.
    stops: (panel) => [
      textbox(panel, "Buyer Name"),
      textbox(panel, "Phone Number"),
      textbox(panel, "Email (optional)"),
      textbox(panel, "Address (optional)"),
      panel.getByRole("radiogroup", { name: "Payment Method" }),
      { at: panel.getByRole("searchbox", { name: "Search unregistered tickets" }), newColumn: true },
      button(panel, "Load All"),
      textbox(panel, "Add Ticket by Control Number"),
      button(panel, "Add ticket to selection"),
    ],
    closesWithEscape: false,
  },
  {
    name: "generate tickets",
    path: "/dashboard/tickets",
    trigger: (page) => button(page.getByRole("main"), "Generate Ticket"),
    openKey: "Enter",
    surface: (page) => page.getByRole("dialog", { name: "Generate Ticket" }),
    stops: (dialog) => [
      field(dialog, "Buyer Name"),
      field(dialog, "Phone Number"),
      field(dialog, "Email"),
      field(dialog, "Address"),
      field(dialog, "Number of Tickets"),
      dialog.getByRole("radiogroup", { name: "Payment Method" }),
      button(dialog, "Generate Ticket"),
    ],
    closesWithEscape: true,
  },
  {
    name: "import tickets from a CSV file",
    path: "/dashboard/tickets",
    trigger: (page) => button(page.getByRole("main"), "Import CSV"),
    openKey: "Space",
    surface: (page) => page.getByRole("dialog", { name: "Import Tickets" }),
    stops: (dialog) => [
      button(dialog, "Download Template"),
      field(dialog, "CSV file"),
      button(dialog, "Cancel"),
      button(dialog, "Import"),
    ],
    closesWithEscape: true,
  },
  {
    name: "print stubs",
    path: "/dashboard/tickets",
    trigger: (page) => button(page.getByRole("main"), "Print stubs"),
    openKey: "Enter",
    surface: (page) => page.getByRole("dialog", { name: "Print stubs" }),
    stops: (dialog) => [
      dialog.getByRole("radio", { name: "A number range" }),
      field(dialog, "From ticket number"),
      field(dialog, "To ticket number"),
      dialog.getByRole("radio", { name: /^A4/ }),
    ],
    closesWithEscape: true,
  },
  {
    name: "void a ticket",
    seed: async (api) => (await generateTickets(api, { quantity: 1, buyer_name: "Vera Void" }))[0].control_number,
    path: "/dashboard/tickets?q=Vera%20Void&view=table",
    trigger: (page, number) => page.getByRole("button", { name: new RegExp(`^Void ${number}`) }),
    openKey: "Enter",
    surface: (page, number) => page.getByRole("dialog", { name: `Void ticket ${number}?` }),
    stops: (dialog) => [
      dialog.getByRole("combobox", { name: "Reason" }),
      field(dialog, "Note"),
      button(dialog, "Cancel"),
      dialog.getByRole("button", { name: /^Void/ }),
    ],
    closesWithEscape: true,
  },
  {
    name: "record a remittance",
    seed: async (api) => (await generateTickets(api, { quantity: 1, payment_method: "cash" }))[0].control_number,
    path: "/dashboard/remittances",
    trigger: (page) => button(page.getByRole("main"), "Record Remittance"),
    openKey: "Space",
    surface: (page) => page.getByRole("dialog", { name: "Record remittance" }),
    stops: (dialog) => [
      dialog.getByRole("combobox", { name: "Seller" }),
      field(dialog, "Amount (₱)"),
      dialog.getByRole("combobox", { name: "Method" }),
      field(dialog, "Covers sales up to"),
      field(dialog, "Note (optional)"),
      button(dialog, "Cancel"),
      button(dialog, "Record Remittance"),
    ],
    closesWithEscape: true,
  },
  {
    name: "hand out stubs",
    path: "/dashboard/remittances",
    trigger: (page) => button(page.getByRole("main"), "Hand Out Stubs"),
    openKey: "Enter",
    surface: (page) => page.getByRole("dialog", { name: "Hand out stubs" }),
    stops: (dialog) => [
      dialog.getByRole("combobox", { name: "Seller" }),
      field(dialog, "From number"),
      field(dialog, "To number"),
      button(dialog, "Cancel"),
      button(dialog, "Hand Out Stubs"),
    ],
    closesWithEscape: true,
  },
  {
    // Decision 179: a plain button until first used; Enter mounts the Radix menu, open.
    name: "a seller row's More menu (Remittances)",
    seed: async (api) => (await generateTickets(api, { quantity: 1, payment_method: "cash" }))[0].control_number,
    path: "/dashboard/remittances",
    trigger: (page) =>
      page
        .getByTestId("balance-row")
        .first()
        .getByRole("button", { name: /^More for / }),
    openKey: "Enter",
    surface: (page) => page.getByRole("menu"),
    stops: (menu) => [
      menu.getByRole("menuitem", { name: "Hand out stubs" }),
      menu.getByRole("menuitem", { name: "Statement" }),
    ],
    moveKey: "ArrowDown",
    closesWithEscape: true,
  },
  {
    name: "import a payment statement",
    path: "/dashboard/reconciliation",
    trigger: (page) => button(page.getByRole("main"), "Import Statement"),
    openKey: "Space",
    surface: (page) => page.getByRole("dialog", { name: "Import Statement" }),
    stops: (dialog) => [
      dialog.getByRole("radio", { name: "GCash statement (PDF)" }),
      field(dialog, "Statement file"),
      textbox(dialog, "Account"),
      field(dialog, "PDF password"),
    ],
    closesWithEscape: true,
  },
  {
    name: "take back stubs (a seller's statement)",
    seed: seedSellerWithReceipt,
    path: statementOf,
    trigger: (page) => button(page.getByRole("main"), "Take Back Stubs"),
    openKey: "Enter",
    surface: (page) => page.getByRole("dialog", { name: "Take back stubs from Sam Statement" }),
    stops: (dialog) => [field(dialog, "Stub numbers"), button(dialog, "Cancel"), button(dialog, "Take Back")],
    closesWithEscape: true,
  },
  {
    name: "adjust a seller's balance",
    seed: seedSellerWithReceipt,
    path: statementOf,
    trigger: (page) => button(page.getByRole("main"), "Adjust"),
    openKey: "Space",
    surface: (page) => page.getByRole("dialog", { name: "Adjust Sam Statement's balance" }),
    stops: (dialog) => [
      field(dialog, "Amount (₱, signed)"),
      field(dialog, "Reason"),
      button(dialog, "Cancel"),
      button(dialog, "Record Adjustment"),
    ],
    closesWithEscape: true,
  },
  {
    name: "void a receipt",
    seed: seedSellerWithReceipt,
    path: statementOf,
    trigger: (page) => page.getByRole("main").getByRole("button", { name: /^Void receipt No\. / }),
    openKey: "Enter",
    surface: (page) => page.getByRole("dialog", { name: /^Void receipt No\. .+\?$/ }),
    stops: (dialog) => [
      field(dialog, "Reason"),
      button(dialog, "Cancel"),
      dialog.getByRole("button", { name: /^Void/ }),
    ],
    closesWithEscape: true,
  },
  {
    name: "ignore a line of a statement (the reason dialog)",
    mock: async (page) =>
      void (await page.route("**/api/reconciliation/lines?state=unmatched*", (route) =>
        route.fulfill({ json: { success: true, lines: [unmatchedLine], page: 1, pageSize: 100, total: 1 } }),
      )),
    path: "/dashboard/reconciliation?tab=unmatched",
    trigger: (page) =>
      page.getByRole("row").filter({ hasText: UNMATCHED_REFERENCE }).getByRole("button", { name: "Ignore" }),
    openKey: "Enter",
    surface: (page) => page.getByRole("dialog", { name: "Ignore ₱75.00?" }),
    stops: (dialog) => [field(dialog, "Reason"), button(dialog, "Cancel"), button(dialog, "Ignore Line")],
    closesWithEscape: true,
  },
  {
    name: "edit a user's role in Settings",
    seed: async (api) => {
      const email = uniqueEmail("keyboard-role");
      const added = await api.post("/api/auth/add-user", {
        data: { email, displayName: "Kai Keyboard", isAdmin: false },
      });
      expect(added.status(), await added.text()).toBeLessThan(300);
      return email;
    },
    path: "/dashboard/settings?tab=users",
    trigger: (page, email) =>
      page.getByTestId("user-row").filter({ hasText: email }).getByRole("button", { name: "Edit", exact: true }),
    openKey: "Enter",
    surface: (page, email) => page.getByTestId("user-row").filter({ hasText: email }),
    stops: (row) => [row.getByRole("checkbox", { name: "Admin Access" }), button(row, "Cancel")],
    closesWithEscape: true,
  },
  {
    name: "the account menu",
    path: "/dashboard/overview",
    trigger: (page) => page.getByRole("button", { name: "Account menu" }),
    openKey: "Enter",
    surface: (page) => page.getByRole("menu"),
    stops: (menu) => [
      menu.getByRole("menuitemcheckbox", { name: "Dark mode" }),
      menu.getByRole("menuitem", { name: "Your Sessions" }),
      menu.getByRole("menuitem", { name: "Sign Out" }),
    ],
    moveKey: "ArrowDown",
    closesWithEscape: true,
  },
];

/** Whether the focus is on `locator` or inside it (without waiting for it: a later stop may not be there yet). */
const holdsFocus = (locator: Locator) =>
  locator.evaluateAll((els) => els.some((el) => el === document.activeElement || el.contains(document.activeElement)));

/**
 * Presses `key` until `target` has the focus; fails after `max` presses, or on landing on one of `others` (out of
 * order).
 */
async function pressUntilFocused(page: Page, target: Locator, key: string, max: number, others: Locator[] = []) {
  for (let presses = 0; presses <= max; presses++) {
    if (await holdsFocus(target)) return;
    for (const other of others)
      if (presses > 0 && (await holdsFocus(other)))
        throw new Error(
          `${key} reached ${other} before ${target} after ${presses} presses; ${await focusHistory(page)}`,
        );
    await page.keyboard.press(key);
  }
  throw new Error(`${key} × ${max} never reached ${target}; ${await focusHistory(page)}`);
}

/**
 * Records where the focus goes (each `focusin`, with the time), so a stop reached out of order says how it got there
 * (the account menu's was seen twice under load, never reproduced: docs/testing.md, session 18).
 */
async function recordFocus(page: Page) {
  await page.evaluate(() => {
    const log: string[] = [];
    (window as unknown as { __focusLog: string[] }).__focusLog = log;
    const started = performance.now();
    document.addEventListener("focusin", (event) => {
      const el = event.target as HTMLElement;
      const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 30);
      const at = Math.round(performance.now() - started);
      log.push(`${at} ms ${el.tagName.toLowerCase()}[${el.getAttribute("role") ?? ""}] "${name}"`);
    });
  });
}

async function focusHistory(page: Page) {
  const log = await page.evaluate(() => (window as unknown as { __focusLog?: string[] }).__focusLog ?? []);
  return `the focus went: ${log.slice(-12).join(" → ") || "(not recorded)"}`;
}

test.use({ role: "admin", viewport: { width: 1280, height: 800 } });

for (const flow of FLOWS) {
  test(`keyboard: ${flow.name}`, async ({ page, adminApi }) => {
    const seeded = (await flow.seed?.(adminApi)) ?? "";
    await flow.mock?.(page, seeded);
    const path = typeof flow.path === "string" ? flow.path : flow.path(seeded);
    if (path.startsWith("/dashboard/tickets")) await gotoTickets(page, path.slice("/dashboard/tickets".length));
    else await page.goto(path);
    await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeVisible();
    const trigger = flow.trigger(page, seeded);
    await expect(trigger).toBeVisible();

    // Tab from the top of the page to the trigger, then open it.
    await recordFocus(page);
    await page.locator("body").focus();
    await pressUntilFocused(page, trigger, "Tab", 120);
    await page.keyboard.press(flow.openKey);
    const surface = flow.surface(page, seeded);
    await expect(surface).toBeVisible();
    // What opens over the page (or in place of the trigger) takes the focus.
    if (flow.closesWithEscape)
      await expect.poll(() => holdsFocus(surface), "the focus moved into what opened").toBe(true);

    // Its stops, one after the other, each reached by moving forward from the one before.
    const moveKey = flow.moveKey ?? "Tab";
    const boxes: { name: string; x: number; middle: number; newColumn: boolean }[] = [];
    const stops = flow
      .stops(surface, seeded)
      .map((entry) => ("at" in entry ? entry : { at: entry, type: "", newColumn: false }));
    for (const [i, { at: stop, type, newColumn }] of stops.entries()) {
      await expect(stop).toBeVisible();
      await expect(stop).toBeEnabled();
      // A date and time field takes one Tab per part (month, day, year, hour, minute, AM/PM).
      const others = stops.filter((_, j) => j !== i && j !== i - 1).map((other) => other.at);
      await pressUntilFocused(page, stop, moveKey, i === 0 ? 3 : 8, others);
      if (type) await page.keyboard.type(type);
      const box = (await stop.boundingBox())!;
      boxes.push({ name: String(stop), x: box.x, middle: box.y + box.height / 2, newColumn: !!newColumn });
    }
    // ... in the order they are seen: each below the one before, or on its line and to its right
    // (or at the top of the next column).
    for (let i = 1; i < boxes.length; i++) {
      const [before, now] = [boxes[i - 1], boxes[i]];
      const sameLine = Math.abs(now.middle - before.middle) < 8;
      expect(
        sameLine || now.newColumn ? now.x > before.x : now.middle > before.middle,
        `${now.name} comes after ${before.name} on screen`,
      ).toBe(true);
    }

    if (!flow.closesWithEscape) return;
    await page.keyboard.press("Escape");
    await expect(stops[0].at, "Escape closed it").toBeHidden();
    await expect(trigger, "the focus is back on the trigger").toBeFocused();
  });
}
