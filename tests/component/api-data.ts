// What the stubbed API answers in the component tests, in the shapes of the app's contracts
// (lib/schemas/*): the settings the screens read their time zone from, the raffle's state every
// write screen asks for, tickets as the ticket endpoints answer them, and the users list.
import type { Ticket } from "@/lib/api/tickets";
import type { RaffleStateAnswer } from "@/lib/schemas/draw";
import type { Settings } from "@/lib/schemas/settings";
import type { UserListItem } from "@/lib/schemas/user";

/** The signed-in administrator, as in the e2e suite (e2e/helpers.ts' ADMIN_EMAIL). */
export const ADMIN_EMAIL = "admin@example.com";

/** GET /api/settings as the statistics and list screens read it (their time zone). */
export const SETTINGS = [
  /^\/api\/settings$/,
  { json: { success: true, settings: { timezone: "Asia/Manila" } } },
] as const;

/** GET /api/settings as an administrator gets it: every field. */
export const ADMIN_SETTINGS: Settings = {
  site_name: "Batch 2000 Raffle Dashboard",
  site_description: "Raffle tickets for the reunion",
  ticket_price: 50,
  max_ticket_limit: 99_999,
  primary_color: "#2563eb",
  dark_mode: false,
  timezone: "Asia/Manila",
  email_notifications: true,
  sms_notifications: false,
  push_notifications: false,
  require_email_verification: true,
  enable_two_factor: false,
  session_timeout: 30,
  api_rate_limit: 100,
  enable_api_logging: false,
  ticket_prefix: "B2K",
  restrict_sales_to_allocations: false,
  cash_on_hand_alert: 5_000,
  permit_number: "",
  draw_at: "",
  venue: "",
  attachment_storage_limit_mb: 500,
  email_hourly_limit: 100,
  retention_months: 12,
  attachment_storage_used_bytes: 0,
  audit_safety_warning: "",
};

const SELLING: RaffleStateAnswer = {
  success: true,
  state: {
    status: "selling",
    salesClosedAt: null,
    publishedAt: null,
    closeOverrides: [],
    checklist: [],
    currentDrawId: null,
  },
  publicUrl: { url: "http://127.0.0.1:3000", configured: true, problem: null, warning: null },
};

/** GET /api/raffle/state?checklist=0 while tickets are on sale (every write allowed), as in a fresh e2e database. */
export const RAFFLE_SELLING = [/^\/api\/raffle\/state\?checklist=0$/, { json: SELLING }] as const;

let ticketCount = 0;

/**
 * A ticket as GET /api/tickets/search answers it: a fresh unregistered cash ticket (status "active", as the Custom
 * Range makes them: server/tickets/generate-custom-range.ts) unless `overrides` say more.
 */
export function apiTicket(overrides: Partial<Ticket> = {}): Ticket {
  ticketCount += 1;
  const digits = String(ticketCount).padStart(5, "0");
  const id = `00000000-0000-4000-8000-${String(ticketCount).padStart(12, "0")}`;
  return {
    ticket_id: id,
    id,
    control_number: `B2K-100-${digits}`,
    last_5_digits: digits,
    ticket_number: ticketCount,
    buyer_name: null,
    phone_number: null,
    email: null,
    address: null,
    payment_method: "cash",
    gcash_reference: null,
    payment_reference: null,
    status: "active",
    amount: 50,
    user_id: null,
    created_by_id: null,
    creator_email: "admin@example.com",
    creator_name: "Ada Admin",
    creation_source: "web",
    event_name: null,
    is_registered: false,
    registered_at: null,
    registered_by_id: null,
    seller_email: null,
    payment_id: null,
    payment: null,
    voided_at: null,
    void_reason: null,
    void_note: null,
    voided_by: null,
    created_at: "2026-01-10T02:00:00.000Z",
    updated_at: "2026-01-10T02:00:00.000Z",
    ...overrides,
  };
}

/** A ticket sold to `buyer` (registered by the dashboard). */
export function registeredTicket(buyer: string, overrides: Partial<Ticket> = {}): Ticket {
  return apiTicket({
    buyer_name: buyer,
    phone_number: "9171234567",
    status: "registered",
    is_registered: true,
    registered_at: "2026-01-11T02:00:00.000Z",
    ...overrides,
  });
}

let userCount = 0;

/** A user as GET /api/auth/users lists it: an enabled staff member unless `overrides` say more. */
export function apiUser(overrides: Partial<UserListItem> = {}): UserListItem {
  userCount += 1;
  return {
    id: `00000000-0000-4000-9000-${String(userCount).padStart(12, "0")}`,
    email: `staff${userCount}@example.com`,
    display_name: `Staff ${userCount}`,
    is_admin: false,
    is_disabled: false,
    role: "user",
    created_at: "2026-01-05T02:00:00.000Z",
    last_login: "2026-01-10T02:00:00.000Z",
    phone_number: null,
    address: null,
    google_linked: true,
    ...overrides,
  };
}
