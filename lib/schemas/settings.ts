// The settings payloads (SPEC sections 3 and 5, issue 12): one definition per field, used by the
// General tab's form and by PUT /api/settings. Each message names its field and its rule.
import { z } from "zod";
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
} as const;

export const SETTINGS_MESSAGES = {
  siteName: "Site name must be text of at most 100 characters",
  siteDescription: "Site description must be text of at most 500 characters",
  ticketPrice: "Ticket price must be a number from 0.01 to 1,000,000 with at most 2 decimals",
  maxTicketLimit: "Maximum ticket limit must be a whole number from 1 to 999,999",
  sessionTimeout: "Session timeout must be a whole number of minutes from 5 to 1,440",
  apiRateLimit: "API rate limit must be a whole number of requests a minute from 10 to 100,000",
  primaryColor: "Primary color must be a hex color written #rrggbb, like #667eea",
  notAnObject: "Settings must be a JSON object",
  /** Ticket numbers have 5 digits, so the limit that takes effect never passes 99,999. */
  limitAboveNumbers: `Ticket numbers have 5 digits: a maximum ticket limit above ${MAX_TICKET_NUMBER.toLocaleString("en-US")} allows ${MAX_TICKET_NUMBER.toLocaleString("en-US")} tickets.`,
} as const;

const M = SETTINGS_MESSAGES;
const L = SETTINGS_LIMITS;

const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** A number given as a JSON number or as the text of a form input, checked by `isValid`. */
const numberField = (message: string, isValid: (n: number) => boolean) =>
  z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
    const n = typeof value === "number" ? value : value.trim() === "" ? Number.NaN : Number(value.trim());
    if (!Number.isFinite(n) || !isValid(n)) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });

const wholeNumberField = (message: string, min: number, max: number) =>
  numberField(message, (n) => Number.isInteger(n) && n >= min && n <= max);

const booleanField = (label: string) => z.boolean({ error: `${label} must be true or false` });

const textField = (message: string, max: number) => z.string({ error: message }).trim().max(max, message);

/** The fourteen settings of SPEC section 3, by their snake_case names. */
export const settingsFields = {
  site_name: textField(M.siteName, L.siteNameMax),
  site_description: textField(M.siteDescription, L.siteDescriptionMax),
  max_ticket_limit: wholeNumberField(M.maxTicketLimit, L.maxTicketLimitMin, L.maxTicketLimitMax),
  ticket_price: numberField(M.ticketPrice, (n) => n >= L.ticketPriceMin && n <= L.ticketPriceMax && hasAtMostTwoDecimals(n)).transform(
    (n) => Math.round(n * 100) / 100,
  ),
  email_notifications: booleanField("Email notifications"),
  sms_notifications: booleanField("SMS notifications"),
  push_notifications: booleanField("Push notifications"),
  require_email_verification: booleanField("Require email verification"),
  enable_two_factor: booleanField("Two-factor authentication"),
  session_timeout: wholeNumberField(M.sessionTimeout, L.sessionTimeoutMin, L.sessionTimeoutMax),
  api_rate_limit: wholeNumberField(M.apiRateLimit, L.apiRateLimitMin, L.apiRateLimitMax),
  enable_api_logging: booleanField("API logging"),
  primary_color: z
    .string({ error: M.primaryColor })
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, M.primaryColor)
    .transform((v) => v.toLowerCase()),
  dark_mode: booleanField("Dark mode"),
};

export type SettingKey = keyof typeof settingsFields;
export const SETTING_KEYS = Object.keys(settingsFields) as SettingKey[];

const camelCase = (snake: string) => snake.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
const KEY_BY_NAME = new Map<string, SettingKey>(SETTING_KEYS.flatMap((k) => [[k, k] as const, [camelCase(k), k] as const]));

/** Fields GET answers that are not settings one can change here; a client may send them back. */
const READ_ONLY_NAMES = new Set(["ticket_prefix", "ticketPrefix", "timezone"]);

/**
 * Accepts snake_case or camelCase names; drops the read-only fields GET answers (a client may
 * PUT back what it read); refuses unknown names and a field sent twice with two values.
 */
function normalizeSettingNames(input: unknown, ctx: z.RefinementCtx): Record<string, unknown> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    ctx.addIssue({ code: "custom", message: M.notAnObject });
    return z.NEVER;
  }
  const out: Record<string, unknown> = {};
  const sentAs: Record<string, string> = {};
  for (const [name, value] of Object.entries(input)) {
    if (READ_ONLY_NAMES.has(name)) continue;
    const key = KEY_BY_NAME.get(name);
    if (!key) {
      ctx.addIssue({ code: "custom", path: [name], message: `Unknown setting: ${name}` });
      continue;
    }
    if (key in out && JSON.stringify(out[key]) !== JSON.stringify(value)) {
      ctx.addIssue({ code: "custom", path: [key], message: `${sentAs[key]} and ${name} name the same setting with different values: send one of them` });
      continue;
    }
    out[key] = value;
    sentAs[key] = name;
  }
  return out;
}

/** PUT /api/settings: any subset of the fourteen settings; only what is named changes. */
export const updateSettingsSchema = z
  .unknown()
  .transform(normalizeSettingNames)
  .pipe(z.object(settingsFields).partial());
export type UpdateSettingsInput = z.output<typeof updateSettingsSchema>;

/** The General tab: the four settings the spec's screen edits. */
export const generalSettingsSchema = z.object({
  site_name: settingsFields.site_name,
  site_description: settingsFields.site_description,
  ticket_price: settingsFields.ticket_price,
  max_ticket_limit: settingsFields.max_ticket_limit,
});
export type GeneralSettingsInput = z.input<typeof generalSettingsSchema>;
export type GeneralSettingsValues = z.output<typeof generalSettingsSchema>;
