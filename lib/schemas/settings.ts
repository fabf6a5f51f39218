// The settings payloads (SPEC sections 3 and 5, issue 12): one definition per field, used by the
// General tab's form and by PUT /api/settings. Each message names its field and its rule.
import { z } from "zod";
import { SETTINGS_LIMITS, SETTINGS_MESSAGES } from "@/lib/settings-messages";
import { isDrawAt } from "@/lib/stubs/draw-date";
import { controlCharsMessage, hasControlChars, text } from "@/lib/schemas/text";

export { SETTINGS_LIMITS, SETTINGS_MESSAGES };

const M = SETTINGS_MESSAGES;
const L = SETTINGS_LIMITS;

/** An IANA timezone this runtime knows (the same list the server formats dates with). */
function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

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

/**
 * Settings text as the ticket fields are (issue 25 item 9, decision 037): bidi overrides removed,
 * control characters refused with a message naming the field (newlines allowed where `multiline`).
 */
const textField = (message: string, max: number, options: { label: string; multiline?: boolean }) =>
  text({ error: message })
    .trim()
    .max(max, message)
    .refine((v) => !hasControlChars(v, { multiline: options.multiline }), controlCharsMessage(options.label));

/** Money as typed in a form: digits with up to two decimals ("1e3", "0x10", " 1_000" are not prices). */
const MONEY_TEXT = /^\d+(\.\d{1,2})?$/;
const moneyField = (message: string, isValid: (n: number) => boolean) =>
  z
    .union([z.number(), z.string()], { error: message })
    .superRefine((value, ctx) => {
      if (typeof value === "string" && !MONEY_TEXT.test(value.trim())) ctx.addIssue({ code: "custom", message });
    })
    .pipe(numberField(message, isValid));

/** The fourteen settings of SPEC section 3, by their snake_case names. */
export const settingsFields = {
  site_name: textField(M.siteName, L.siteNameMax, { label: "Site name" }),
  site_description: textField(M.siteDescription, L.siteDescriptionMax, { label: "Site description", multiline: true }),
  max_ticket_limit: wholeNumberField(M.maxTicketLimit, L.maxTicketLimitMin, L.maxTicketLimitMax),
  ticket_price: moneyField(
    M.ticketPrice,
    (n) => n >= L.ticketPriceMin && n <= L.ticketPriceMax && hasAtMostTwoDecimals(n),
  ).transform((n) => Math.round(n * 100) / 100),
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
  // What every stub prints (issue 22, docs/decisions/103): empty means "not printed".
  permit_number: textField(M.permitNumber, L.permitNumberMax, { label: "Permit number" }),
  draw_at: z
    .string({ error: M.drawAt })
    .trim()
    .refine((v) => v === "" || isDrawAt(v), M.drawAt),
  venue: textField(M.venue, L.venueMax, { label: "Venue" }),
  // Seller accountability (issue 20, docs/decisions/090 and 092).
  restrict_sales_to_allocations: booleanField("Restrict sales to allocated stubs"),
  cash_on_hand_alert: moneyField(
    M.cashOnHandAlert,
    (n) => n >= 0 && n <= L.cashOnHandAlertMax && hasAtMostTwoDecimals(n),
  ).transform((n) => Math.round(n * 100) / 100),
  // Installation-wide caps (issue 25 items 3 and 11, docs/decisions/069).
  attachment_storage_limit_mb: wholeNumberField(
    M.attachmentStorageLimitMb,
    L.attachmentStorageLimitMbMin,
    L.attachmentStorageLimitMbMax,
  ),
  email_hourly_limit: wholeNumberField(M.emailHourlyLimit, L.emailHourlyLimitMin, L.emailHourlyLimitMax),
  // Close-out (issue 24, docs/decisions/148): months after Close before administrators are reminded
  // to remove buyers' personal data; 0 = no reminder.
  retention_months: wholeNumberField(M.retentionMonths, L.retentionMonthsMin, L.retentionMonthsMax),
  // Issue 38 item 5: the control numbers' prefix (changeable while no ticket exists: the service
  // checks) and the raffle's timezone (every date shown, the daily figures; a change rebuilds them).
  ticket_prefix: z
    .string({ error: M.ticketPrefix })
    .trim()
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9]{1,10}$/, M.ticketPrefix)),
  timezone: z.string({ error: M.timezone }).trim().refine(isTimeZone, M.timezone),
};

export type SettingKey = keyof typeof settingsFields;
export const SETTING_KEYS = Object.keys(settingsFields) as SettingKey[];

const camelCase = (snake: string) => snake.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
const KEY_BY_NAME = new Map<string, SettingKey>(
  SETTING_KEYS.flatMap((k) => [[k, k] as const, [camelCase(k), k] as const]),
);

/** Fields GET answers that are not settings one can change here; a client may send them back. */
const READ_ONLY_NAMES = new Set<string>();

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
      ctx.addIssue({
        code: "custom",
        path: [key],
        message: `${sentAs[key]} and ${name} name the same setting with different values: send one of them`,
      });
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
  permit_number: settingsFields.permit_number,
  draw_at: settingsFields.draw_at,
  venue: settingsFields.venue,
});
export type GeneralSettingsInput = z.input<typeof generalSettingsSchema>;
export type GeneralSettingsValues = z.output<typeof generalSettingsSchema>;

/**
 * The Settings screen's "Other Settings" form (issue 26): every setting the General tab does not
 * edit, with the same field rules as the API. Numbers arrive as their inputs' text.
 */
export const otherSettingsSchema = z.object(settingsFields).omit({
  site_name: true,
  site_description: true,
  ticket_price: true,
  max_ticket_limit: true,
  permit_number: true,
  draw_at: true,
  venue: true,
});
export type OtherSettingsInput = z.input<typeof otherSettingsSchema>;
export type OtherSettingsValues = z.output<typeof otherSettingsSchema>;

/**
 * The answer's settings (GET and PUT /api/settings): the public part, which everyone signed in gets,
 * and the whole, which administrators get. The server's serializer is typed from these
 * (server/settings/serialize-settings.ts), the client reads the same types (lib/api/settings.ts), and
 * tests/integration/response-contracts.test.ts parses the routes' answers with them, strictly.
 */
export const publicSettingsSchema = z.object({
  site_name: z.string(),
  site_description: z.string(),
  ticket_price: z.number(),
  max_ticket_limit: z.number().int(),
  primary_color: z.string(),
  dark_mode: z.boolean(),
  /** The raffle's timezone (IANA name): days, hours and dates are shown in it. */
  timezone: z.string(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const settingsSchema = publicSettingsSchema.extend({
  email_notifications: z.boolean(),
  sms_notifications: z.boolean(),
  push_notifications: z.boolean(),
  require_email_verification: z.boolean(),
  enable_two_factor: z.boolean(),
  session_timeout: z.number().int(),
  api_rate_limit: z.number().int(),
  enable_api_logging: z.boolean(),
  ticket_prefix: z.string(),
  /** Sellers may register only stubs allocated to them (issue 20). */
  restrict_sales_to_allocations: z.boolean(),
  /** Pesos of cash on hand above which the Overview flags a seller (issue 20). */
  cash_on_hand_alert: z.number(),
  /** Printed on every stub (issue 22): "FTEB-12345 Series of 2026"; empty = not printed. */
  permit_number: z.string(),
  /** The draw's wall-clock date and time in the raffle's timezone, "2026-12-20T15:00"; empty = not set. */
  draw_at: z.string(),
  venue: z.string(),
  /** Megabytes all attachments together may take (issue 25). */
  attachment_storage_limit_mb: z.number().int(),
  /** Ticket e-mails the installation may send in a clock hour (issue 25). */
  email_hourly_limit: z.number().int(),
  /** Months after Close before the purge reminder (0 = none; docs/decisions/148). */
  retention_months: z.number().int(),
  /** Read only: the bytes the attachments take now. */
  attachment_storage_used_bytes: z.number(),
  /**
   * Read only: set when the app's database role could erase the audit log or the draw pool (decision 211); empty
   * otherwise.
   */
  audit_safety_warning: z.string(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** GET /api/settings: the whole for administrators, the public part for everyone else. */
export const settingsAnswerSchema = z.object({
  success: z.literal(true),
  settings: z.union([settingsSchema, publicSettingsSchema]),
});

/** PUT /api/settings: the settings as saved, and what the change means (e.g. a limit above the numbers). */
export const settingsSavedSchema = z.object({
  success: z.literal(true),
  settings: settingsSchema,
  notices: z.array(z.string()),
});
export type SettingsSaved = z.infer<typeof settingsSavedSchema>;
