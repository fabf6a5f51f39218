// GET /api/settings (SPEC sections 3 and 7): administrators get every field, others the public part.
// PUT /api/settings (administrators): any subset of the fourteen settings.
import { apiRequest } from "@/lib/api-client";
import type { UpdateSettingsInput } from "@/lib/schemas/settings";

export interface PublicSettings {
  site_name: string;
  site_description: string;
  ticket_price: number;
  max_ticket_limit: number;
  primary_color: string;
  dark_mode: boolean;
  /** The raffle's timezone (IANA name): days, hours and dates are shown in it. */
  timezone: string;
}

export interface Settings extends PublicSettings {
  email_notifications: boolean;
  sms_notifications: boolean;
  push_notifications: boolean;
  require_email_verification: boolean;
  enable_two_factor: boolean;
  session_timeout: number;
  api_rate_limit: number;
  enable_api_logging: boolean;
  ticket_prefix: string;
  /** Sellers may register only stubs allocated to them (issue 20). */
  restrict_sales_to_allocations: boolean;
  /** Pesos of cash on hand above which the Overview flags a seller (issue 20). */
  cash_on_hand_alert: number;
  /** Printed on every stub (issue 22): "FTEB-12345 Series of 2026"; empty = not printed. */
  permit_number: string;
  /** The draw's wall-clock date and time in the raffle's timezone, "2026-12-20T15:00"; empty = not set. */
  draw_at: string;
  venue: string;
  /** Megabytes all attachments together may take (issue 25). */
  attachment_storage_limit_mb: number;
  /** Ticket e-mails the installation may send in a clock hour (issue 25). */
  email_hourly_limit: number;
  /** Months after Close before the purge reminder (0 = none; docs/decisions/148). */
  retention_months: number;
  /** Read only: the bytes the attachments take now. */
  attachment_storage_used_bytes: number;
  /** Read only: set when the app's database role could erase the audit log or the draw pool (decision 211); empty otherwise. */
  audit_safety_warning: string;
}

export const settingsApi = {
  get: () => apiRequest<{ success: true; settings: PublicSettings | Settings }>("/settings"),
  /** Answers the saved settings and `notices` (e.g. a limit above 99,999 allows 99,999). */
  update: (changes: UpdateSettingsInput) =>
    apiRequest<{ success: true; settings: Settings; notices: string[] }>("/settings", { method: "PUT", body: changes }),
};
