// GET /api/settings (SPEC sections 3 and 7): administrators get every field, others the public part.
import { apiRequest } from "@/lib/api-client";

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
};
