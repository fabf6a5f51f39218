// TanStack Query hooks for backups (issue 43): Settings and Close-out show the newest one.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { backupsApi } from "@/lib/api/backups";
import { queryKeys } from "@/lib/query-keys";

export const useBackups = () =>
  useQuery({ queryKey: queryKeys.backups.all, queryFn: backupsApi.get, select: (d) => d.backups });

export function useBackUpNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: backupsApi.create,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.backups.all, data),
  });
}

/** The download is audited: the Activity Log's key goes stale with it. */
export function useDownloadLatestBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: backupsApi.downloadLatest,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
  });
}
