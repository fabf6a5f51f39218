"use client";

// The 'View Attachments' toggle of Ticket Details (SPEC sections 2 and 8): hidden each time the
// dialog opens or the ticket changes (the dialog remounts this panel), loaded on first show;
// each item shows name, size in KB to 1 decimal and date, and downloads. Administrators can
// also upload and delete (behind a confirmation) here (docs/decisions/046, 047).
import { useId, useRef, useState } from "react";
import { Download, Eye, EyeOff, FileText, Paperclip, Trash2, Upload } from "lucide-react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { ATTACHMENT_ACCEPT, MAX_ATTACHMENT_BYTES, type TicketAttachment } from "@/lib/api/ticket-files";
import type { Ticket } from "@/lib/api/tickets";
import { formatDateTime } from "@/lib/format";
import { useRaffleTimezone } from "@/lib/queries/settings";
import {
  useDeleteAttachment,
  useDownloadAttachment,
  useTicketAttachments,
  useUploadAttachment,
} from "@/lib/queries/ticket-files";

/** SPEC section 2: the size in KB to 1 decimal. */
export function formatKilobytes(bytes: number): string {
  return `${(Number(bytes || 0) / 1024).toFixed(1)} KB`;
}

export function TicketAttachmentsPanel({ ticket, isAdmin }: { ticket: Ticket; isAdmin: boolean }) {
  const [isShown, setIsShown] = useState(false);
  const panelId = useId();
  return (
    <div className="space-y-3 border-t pt-4">
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => setIsShown((v) => !v)}
        aria-expanded={isShown}
        aria-controls={panelId}
      >
        {isShown ? <EyeOff /> : <Eye />}
        {isShown ? "Hide Attachments" : "View Attachments"}
      </Button>
      {isShown && (
        <section id={panelId} aria-label="Attachments" data-testid="attachments-panel">
          <AttachmentList ticket={ticket} isAdmin={isAdmin} />
        </section>
      )}
    </div>
  );
}

function AttachmentList({ ticket, isAdmin }: { ticket: Ticket; isAdmin: boolean }) {
  const attachments = useTicketAttachments(ticket.ticket_id, true);
  const download = useDownloadAttachment();

  async function downloadAttachment(attachment: TicketAttachment) {
    try {
      const isSaved = await download.mutateAsync(attachment);
      if (isSaved) toast.success("Attachment downloaded successfully!");
      else toast.error("Failed to download attachment");
    } catch {
      toast.error("Error downloading attachment");
    }
  }
  const timeZone = useRaffleTimezone();
  const [toDelete, setToDelete] = useState<TicketAttachment | null>(null);
  const remove = useDeleteAttachment(ticket.ticket_id);

  if (attachments.isPending) {
    return (
      <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading the attachments">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (attachments.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        Failed to load the attachments: {errorMessage(attachments.error, "no answer from the server")}
      </p>
    );
  }
  const list = attachments.data ?? [];
  return (
    <div className="space-y-3">
      {list.length === 0 ? (
        <div className="rounded-lg border border-dashed p-4 text-center">
          <Paperclip className="mx-auto mb-1 size-6 text-muted-foreground" aria-hidden="true" />
          <p className="text-sm font-medium">No attachments found</p>
          <p className="text-sm text-muted-foreground">
            This physical ticket doesn&apos;t have any proof of payment attached
          </p>
        </div>
      ) : (
        <ul className="divide-y rounded-lg border" aria-label="Attachments of this ticket">
          {list.map((attachment) => (
            <li key={attachment.id} className="flex items-center gap-3 p-3">
              <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
              <div className="min-w-0 flex-1">
                <p className="text-sm font-medium break-all">{attachment.file_name}</p>
                <p className="text-xs text-muted-foreground">
                  {formatKilobytes(attachment.file_size)} · {formatDateTime(attachment.created_at, timeZone)}
                </p>
              </div>
              <Button
                type="button"
                variant="outline"
                size="sm"
                onClick={() => void downloadAttachment(attachment)}
                aria-label={`Download ${attachment.file_name}`}
              >
                <Download />
                <span className="hidden sm:inline">Download</span>
              </Button>
              {isAdmin && (
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="text-destructive"
                  onClick={() => setToDelete(attachment)}
                  aria-label={`Delete ${attachment.file_name}`}
                >
                  <Trash2 />
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {isAdmin && <UploadAttachment ticketId={ticket.ticket_id} />}
      <AlertDialog open={!!toDelete} onOpenChange={(open) => !open && setToDelete(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete attachment?</AlertDialogTitle>
            <AlertDialogDescription>
              This permanently deletes <strong className="break-all text-foreground">{toDelete?.file_name}</strong> from
              ticket <span className="font-mono">{ticket.control_number}</span>. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              className="dark:bg-red-700 dark:hover:bg-red-700/90"
              onClick={() => {
                const attachment = toDelete;
                if (!attachment) return;
                remove.mutate(attachment.id, {
                  onSuccess: () => toast.success("Attachment deleted successfully"),
                  onError: (error) =>
                    toast.error(`Failed to delete attachment: ${errorMessage(error, "Server error")}`),
                });
              }}
            >
              Delete Attachment
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}

function UploadAttachment({ ticketId }: { ticketId: string }) {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const upload = useUploadAttachment(ticketId);

  function onChosen(file: File | undefined) {
    if (input.current) input.current.value = "";
    if (!file) return;
    if (file.size > MAX_ATTACHMENT_BYTES) {
      toast.error("Failed to upload attachment: The file is too large: the limit is 10 MB");
      return;
    }
    upload.mutate(file, {
      onSuccess: () => toast.success("Attachment uploaded successfully!"),
      onError: (error) => toast.error(`Failed to upload attachment: ${errorMessage(error, "Upload failed")}`),
    });
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={inputId} className="sr-only">
        Proof of payment file
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept={ATTACHMENT_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        onChange={(event) => onChosen(event.target.files?.[0])}
        data-testid="attachment-file-input"
      />
      <Button
        type="button"
        variant="secondary"
        size="sm"
        disabled={upload.isPending}
        onClick={() => input.current?.click()}
      >
        {upload.isPending ? <Spinner className="size-4" label="Uploading" /> : <Upload />}
        {upload.isPending ? "Uploading..." : "Upload Attachment"}
      </Button>
      <p className="text-xs text-muted-foreground">JPEG, PNG, WebP, HEIC or PDF, up to 10 MB.</p>
    </div>
  );
}
