// TanStack Query hooks for the settings (see lib/query-keys.ts).
import { useQuery } from "@tanstack/react-query";
import { settingsApi, type PublicSettings } from "@/lib/api/settings";
import { DEFAULT_TIMEZONE } from "@/lib/constants";
import { queryKeys } from "@/lib/query-keys";

export function useSettings() {
  return useQuery({ queryKey: queryKeys.settings.all, queryFn: async () => (await settingsApi.get()).settings });
}

/** The ticket price the server charges (the `ticket_price` setting); undefined until loaded. */
export function useTicketPrice(): number | undefined {
  return useSettings().data?.ticket_price;
}

/** The raffle's timezone (the `timezone` setting) for showing dates; Manila until loaded. */
export function useRaffleTimezone(): string {
  return (useSettings().data as PublicSettings | undefined)?.timezone ?? DEFAULT_TIMEZONE;
}
