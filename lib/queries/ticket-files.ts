// TanStack Query hooks for a ticket's e-mail and attachments (keys in lib/query-keys.ts).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ticketFilesApi, type TicketAttachment } from "@/lib/api/ticket-files";
import type { Ticket } from "@/lib/api/tickets";
import { queryKeys } from "@/lib/query-keys";
import { saveBlob } from "@/lib/save-blob";

/**
 * The ticket's attachments, fetched the first time the panel is shown (`enabled`); shown again,
 * the panel starts from the cached list and checks for new ones (the mobile app uploads too).
 * SPEC section 8: a failed load is only logged and shows an empty list.
 */
export function useTicketAttachments(ticketId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.tickets.attachments(ticketId),
    // A failure is the panel's to say, not "No attachments found" (a failed list is not an empty one).
    queryFn: async () => {
      const list = await ticketFilesApi.listAttachments(ticketId);
      return Array.isArray(list) ? list : [];
    },
    enabled,
    staleTime: 0,
  });
}

export function useUploadAttachment(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => ticketFilesApi.uploadAttachment(ticketId, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.tickets.attachments(ticketId) }),
  });
}

export function useDeleteAttachment(ticketId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => ticketFilesApi.deleteAttachment(id),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.tickets.attachments(ticketId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
      ]),
  });
}

/** Sending changes no ticket data; the Activity Log gains a row. */
export function useSendTicketEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ticket: Ticket) => ticketFilesApi.sendEmail(ticket),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.audit.all }),
  });
}

/**
 * Saves an attachment under its file name. Resolves false when the server refuses it (SPEC
 * section 8 tells that apart from a failure, which throws).
 */
export function useDownloadAttachment() {
  return useMutation({
    mutationFn: async (attachment: TicketAttachment) => {
      const res = await ticketFilesApi.downloadAttachment(attachment.id);
      if (!res.ok) return false;
      saveBlob(await res.blob(), attachment.file_name);
      return true;
    },
  });
}
