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
}

export const settingsApi = {
  get: () => apiRequest<{ success: true; settings: PublicSettings | Settings }>("/settings"),
  /** Answers the saved settings and `notices` (e.g. a limit above 99,999 allows 99,999). */
  update: (changes: UpdateSettingsInput) =>
    apiRequest<{ success: true; settings: Settings; notices: string[] }>("/settings", { method: "PUT", body: changes }),
};
