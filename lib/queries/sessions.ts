// TanStack Query hooks for the signed-in user's own sessions (keys in lib/query-keys.ts).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { sessionsApi } from "@/lib/api/sessions";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/auth/sessions. */
export function useAccountSessions() {
  return useQuery({ queryKey: queryKeys.sessions.all, queryFn: async () => (await sessionsApi.list()).sessions });
}

/** DELETE /api/auth/sessions/{id}: the list is read again; the Activity Log gains a row. */
export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sessionsApi.end,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.sessions.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.audit.all });
    },
  });
}
