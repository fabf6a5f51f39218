// The settings' limits and messages (SPEC sections 3 and 5), without zod: the General tab shows one
// of them (the limit above 99,999) at load, and a module that only needs a constant must not import
// a schema module (decision 176). lib/schemas/settings.ts validates with them and re-exports them.
import { MAX_TICKET_NUMBER } from "@/lib/constants";

export const SETTINGS_LIMITS = {
  siteNameMax: 100,
  siteDescriptionMax: 500,
  ticketPriceMin: 0.01,
  /** Not in the spec: keeps 99,999 tickets' revenue well inside the database's totals. */
  ticketPriceMax: 1_000_000,
  maxTicketLimitMin: 1,
  maxTicketLimitMax: 999_999,
  sessionTimeoutMin: 5,
  sessionTimeoutMax: 1440,
  apiRateLimitMin: 10,
  apiRateLimitMax: 100_000,
  cashOnHandAlertMax: 1_000_000,
  permitNumberMax: 100,
  venueMax: 200,
  attachmentStorageLimitMbMin: 1,
  attachmentStorageLimitMbMax: 1_048_576,
  emailHourlyLimitMin: 1,
  emailHourlyLimitMax: 100_000,
  retentionMonthsMin: 0,
  retentionMonthsMax: 120,
} as const;

export const SETTINGS_MESSAGES = {
  siteName: "Site name must be text of at most 100 characters",
  siteDescription: "Site description must be text of at most 500 characters",
  ticketPrice: "Ticket price must be a number from 0.01 to 1,000,000 with at most 2 decimals",
  maxTicketLimit: "Maximum ticket limit must be a whole number from 1 to 999,999",
  sessionTimeout: "Session timeout must be a whole number of minutes from 5 to 1,440",
  apiRateLimit: "API rate limit must be a whole number of requests a minute from 10 to 100,000",
  cashOnHandAlert: "Cash on hand alert must be pesos from 0 to 1,000,000 with at most 2 decimals",
  primaryColor: "Primary color must be a hex color written #rrggbb, like #667eea",
  permitNumber: "Permit number must be text of at most 100 characters",
  drawAt: "Draw date and time must be a real date and time written YYYY-MM-DDTHH:MM (like 2026-12-20T15:00), or empty",
  venue: "Venue must be text of at most 200 characters",
  attachmentStorageLimitMb: "Attachment storage limit must be a whole number of MB from 1 to 1,048,576",
  emailHourlyLimit: "E-mail hourly limit must be a whole number of e-mails from 1 to 100,000",
  retentionMonths: "Retention period must be a whole number of months from 0 to 120",
  ticketPrefix: "Ticket prefix must be 1 to 10 capital letters or digits, like B2K",
  ticketPrefixLocked: (count: number, prefix: string) =>
    `The ticket prefix can change only while no ticket ` +
    `exists: ${count.toLocaleString("en-US")} ticket${count === 1 ? "" : "s"} already ` +
    `carry ${prefix}`,
  timezone: "Timezone must be an IANA timezone name, like Asia/Manila",
  notAnObject: "Settings must be a JSON object",
  /** Ticket numbers have 5 digits, so the limit that takes effect never passes 99,999. */
  limitAboveNumbers:
    `Ticket numbers have 5 digits: a maximum ticket limit ` +
    `above ${MAX_TICKET_NUMBER.toLocaleString("en-US")} ` +
    `allows ${MAX_TICKET_NUMBER.toLocaleString("en-US")} tickets.`,
} as const;
