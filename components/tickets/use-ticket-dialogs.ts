"use client";

// Tickets Management's dialogs (issue 41: a hook of their own): which is open, on which ticket, and
// the row actions that open them. Each dialog mounts the first time it opens and then stays, so it
// can animate out and hand focus back to what opened it; the ticket stays set while its dialog
// animates out, and a flag says whether it is open.
import { useEffect, useMemo, useState } from "react";
import { toast } from "@/components/ui/sonner";
import { preloadTicketDialogs } from "@/components/tickets/lazy-dialogs";
import { errorMessage } from "@/lib/api-client";
import type { Ticket } from "@/lib/api/tickets";
import { useDeleteTicket } from "@/lib/queries/tickets";

const NONE_MOUNTED = {
  generate: false,
  edit: false,
  details: false,
  range: false,
  delete: false,
  void: false,
  unvoid: false,
};

export function useTicketDialogs() {
  const removeTicket = useDeleteTicket();
  const [viewing, setViewing] = useState<Ticket | null>(null);
  const [isViewOpen, setIsViewOpen] = useState(false);
  const [editing, setEditing] = useState<Ticket | null>(null);
  const [isEditOpen, setIsEditOpen] = useState(false);
  const [isGenerateOpen, setIsGenerateOpen] = useState(false);
  const [isRangeOpen, setIsRangeOpen] = useState(false);
  const [deleting, setDeleting] = useState<Ticket | null>(null);
  const [voiding, setVoiding] = useState<Ticket | null>(null);
  const [unvoiding, setUnvoiding] = useState<Ticket | null>(null);
  const [mounted, setMounted] = useState(NONE_MOUNTED);
  const mount = (name: keyof typeof NONE_MOUNTED) => setMounted((m) => (m[name] ? m : { ...m, [name]: true }));

  useEffect(() => {
    preloadTicketDialogs();
  }, []);

  /** The row actions (table and cards): view, edit, delete, void, unvoid. */
  const handlers = useMemo(
    () => ({
      onView: (t: Ticket) => {
        setMounted((m) => ({ ...m, details: true }));
        setViewing(t);
        setIsViewOpen(true);
      },
      onEdit: (t: Ticket) => {
        setMounted((m) => ({ ...m, edit: true }));
        setEditing(t);
        setIsEditOpen(true);
      },
      onDelete: (t: Ticket) => {
        setMounted((m) => ({ ...m, delete: true }));
        setDeleting(t);
      },
      onVoid: (t: Ticket) => {
        setMounted((m) => ({ ...m, void: true }));
        setVoiding(t);
      },
      onUnvoid: (t: Ticket) => {
        setMounted((m) => ({ ...m, unvoid: true }));
        setUnvoiding(t);
      },
    }),
    [],
  );

  async function deleteTicket(ticket: Ticket) {
    const id = ticket.ticket_id || ticket.id;
    if (!id) {
      toast.error("Cannot delete ticket: No valid ticket ID found");
      return;
    }
    try {
      const answer = await removeTicket.mutateAsync(id);
      toast.success(answer.message);
      if (viewing?.ticket_id === id) setIsViewOpen(false);
    } catch (error) {
      toast.error(`Failed to delete ticket: ${errorMessage(error, "Server error")}`);
    }
  }

  return {
    mounted,
    handlers,
    openGenerate: () => {
      mount("generate");
      setIsGenerateOpen(true);
    },
    openRange: () => {
      mount("range");
      setIsRangeOpen(true);
    },
    generate: { open: isGenerateOpen, onOpenChange: setIsGenerateOpen },
    range: { open: isRangeOpen, onOpenChange: setIsRangeOpen },
    edit: { ticket: editing, open: isEditOpen, onOpenChange: setIsEditOpen },
    details: { ticket: viewing, open: isViewOpen, onOpenChange: setIsViewOpen },
    /** An open Ticket Details shows the ticket as the void or unvoid left it. */
    showChanged: (changed: Ticket) => setViewing((v) => (v && v.id === changed.id ? changed : v)),
    deleting: {
      ticket: deleting,
      cancel: () => setDeleting(null),
      confirm: (t: Ticket) => {
        setDeleting(null);
        void deleteTicket(t);
      },
      voidInstead: (t: Ticket) => {
        setDeleting(null);
        handlers.onVoid(t);
      },
    },
    voiding: { ticket: voiding, close: () => setVoiding(null) },
    unvoiding: { ticket: unvoiding, close: () => setUnvoiding(null) },
  };
}
