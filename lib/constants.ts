// Business constants of SPEC section 9, shared by the browser and the server.

export const RAFFLE_TITLE = "Batch 2000 Numbered Raffle";
export const EVENT_NAME = "Batch 2000 Raffle";
export const DEFAULT_TICKET_PRICE = 50;
/** The raffle's timezone unless the `timezone` setting says otherwise. */
export const DEFAULT_TIMEZONE = "Asia/Manila";
export const MAX_TICKETS_PER_TRANSACTION = 100;
export const MAX_CUSTOM_RANGE = 10_000;
export const MAX_TICKET_NUMBER = 99_999;
export const TICKETS_PAGE_SIZE = 10;
export const UNREGISTERED_PAGE_SIZE = 20;

export const PAYMENT_METHODS = ["cash", "gcash", "bank_transfer"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: "Cash",
  gcash: "GCash",
  bank_transfer: "Bank Transfer",
};

export const TICKET_STATUSES = ["active", "registered", "used", "expired"] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** SPEC section 4: a ticket whose buyer name is empty or one of these is unregistered. */
export const PLACEHOLDER_BUYER_NAMES = ["n/a", "unregistered buyer", "unregistered", "not registered"] as const;

export function isRegisteredBuyerName(name: string | null | undefined): boolean {
  const trimmed = (name ?? "").trim();
  return trimmed !== "" && !(PLACEHOLDER_BUYER_NAMES as readonly string[]).includes(trimmed.toLowerCase());
}

export const ROLE_LABELS = { admin: "Administrator", user: "User" } as const;

export const NOT_AUTHORIZED_MESSAGE =
  "Your email is not authorized to access this application. Please contact the administrator for access.";

/**
 * The request header through which a client may name the job it starts (a UUID it made), to watch its progress before
 * the answer.
 */
export const JOB_ID_HEADER = "x-job-id";

/**
 * A Tickets page cursor (decision 137): the row's created_at and number, as `nextCursor` and
 * `prevCursor` answer them. Here, not in the ticket schema, so the screen's URL parser does not
 * bring zod into the Tickets screen's first load.
 */
export const TICKET_CURSOR = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z_\d{1,5}$/;
