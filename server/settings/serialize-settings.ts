import "server-only";
import type { PublicSettings, Settings } from "@/lib/schemas/settings";
import type { SettingsRow } from "@/server/settings/get-settings";

/** Every setting's value; the space attachments use is added by the readers (storage-usage.ts). */
export type SettingsValues = Omit<Settings, "attachment_storage_used_bytes" | "audit_safety_warning">;

/** The fourteen settings of SPEC section 3 (snake_case) plus the ticket prefix and timezone. */
export function serializeSettings(row: SettingsRow): SettingsValues {
  return {
    site_name: row.siteName,
    site_description: row.siteDescription,
    max_ticket_limit: row.maxTicketLimit,
    ticket_price: Number(row.ticketPrice),
    email_notifications: row.emailNotifications,
    sms_notifications: row.smsNotifications,
    push_notifications: row.pushNotifications,
    require_email_verification: row.requireEmailVerification,
    enable_two_factor: row.enableTwoFactor,
    session_timeout: row.sessionTimeout,
    api_rate_limit: row.apiRateLimit,
    enable_api_logging: row.enableApiLogging,
    primary_color: row.primaryColor,
    dark_mode: row.darkMode,
    ticket_prefix: row.ticketPrefix,
    timezone: row.timezone,
    restrict_sales_to_allocations: row.restrictSalesToAllocations,
    cash_on_hand_alert: Number(row.cashOnHandAlert),
    permit_number: row.permitNumber,
    draw_at: row.drawAt,
    venue: row.venue,
    attachment_storage_limit_mb: row.attachmentStorageLimitMb,
    email_hourly_limit: row.emailHourlyLimit,
    retention_months: row.retentionMonths,
  };
}

/**
 * What any signed-in user's screens need (the forms' prices and limits, the theme, and the
 * raffle's timezone for dates); the rest is for administrators.
 */
export function serializePublicSettings(row: SettingsRow): PublicSettings {
  return {
    site_name: row.siteName,
    site_description: row.siteDescription,
    ticket_price: Number(row.ticketPrice),
    max_ticket_limit: row.maxTicketLimit,
    primary_color: row.primaryColor,
    dark_mode: row.darkMode,
    timezone: row.timezone,
  };
}
