// GET /api/settings (SPEC sections 3 and 7): administrators get every field, others the public part.
// PUT /api/settings (administrators): any subset of the fourteen settings.
import { apiRequest } from "@/lib/api-client";
import type { PublicSettings, Settings, UpdateSettingsInput } from "@/lib/schemas/settings";

export type { PublicSettings, Settings } from "@/lib/schemas/settings";

export const settingsApi = {
  get: () => apiRequest<{ success: true; settings: PublicSettings | Settings }>("/settings"),
  /** Answers the saved settings and `notices` (e.g. a limit above 99,999 allows 99,999). */
  update: (changes: UpdateSettingsInput) =>
    apiRequest<{ success: true; settings: Settings; notices: string[] }>("/settings", { method: "PUT", body: changes }),
};
