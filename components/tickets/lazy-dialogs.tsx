"use client";

// The ticket dialogs, loaded when first opened (and fetched ahead while the browser is idle), so
// forms, zod and the dialog primitives are not part of Tickets Management's first load. Screens
// that open them once in a while (the Overview) can use these too.
import dynamic from "next/dynamic";

const loadGenerate = () => import("@/components/tickets/generate-ticket-dialog");
const loadDetails = () => import("@/components/tickets/ticket-details-dialog");
const loadCustomRange = () => import("@/components/tickets/custom-range-dialog");
const loadDelete = () => import("@/components/tickets/delete-ticket-dialog");
const loadImport = () => import("@/components/tickets/import-tickets-dialog");
const loadVoid = () => import("@/components/voids/void-ticket-dialog");
const loadUnvoid = () => import("@/components/voids/unvoid-ticket-dialog");

export const LazyGenerateTicketDialog = dynamic(() => loadGenerate().then((m) => m.GenerateTicketDialog), {
  ssr: false,
});
export const LazyTicketDetailsDialog = dynamic(() => loadDetails().then((m) => m.TicketDetailsDialog), { ssr: false });
export const LazyCustomRangeDialog = dynamic(() => loadCustomRange().then((m) => m.CustomRangeDialog), { ssr: false });
export const LazyDeleteTicketDialog = dynamic(() => loadDelete().then((m) => m.DeleteTicketDialog), { ssr: false });
export const LazyImportTicketsDialog = dynamic(() => loadImport().then((m) => m.ImportTicketsDialog), { ssr: false });
export const LazyVoidTicketDialog = dynamic(() => loadVoid().then((m) => m.VoidTicketDialog), { ssr: false });
export const LazyUnvoidTicketDialog = dynamic(() => loadUnvoid().then((m) => m.UnvoidTicketDialog), { ssr: false });

/** Loads every dialog's code (resolving once all of it is loaded). */
export function loadTicketDialogs() {
  return Promise.all([
    loadGenerate(),
    loadDetails(),
    loadCustomRange(),
    loadDelete(),
    loadImport(),
    loadVoid(),
    loadUnvoid(),
  ]);
}

/** Fetches every dialog's code once the page is idle, so the first click opens at once. */
export function preloadTicketDialogs() {
  const run = () => void loadTicketDialogs();
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(run, { timeout: 3000 });
  else setTimeout(run, 1500);
}
