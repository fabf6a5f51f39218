// TanStack Query hooks for the settings (see lib/query-keys.ts).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
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

/** PUT /api/settings: the saved settings replace the cached ones; the Activity Log gains a row. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: settingsApi.update,
    onSuccess: async (result) => {
      queryClient.setQueryData(queryKeys.settings.all, result.settings);
      await queryClient.invalidateQueries({ queryKey: queryKeys.audit.all });
    },
  });
}
