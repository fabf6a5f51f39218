"use client";

// Tickets Management's Export CSV and Import CSV buttons (SPEC sections 2, 7, 8 and 9). Export
// streams GET /api/tickets/export-all and shows rows and bytes so far (60 s allowed); Import
// opens the Import Tickets modal, loaded on first use. The export's reader (the streaming fetch, the
// CSV record counter, saving the file) loads on the first press, and is fetched ahead when a pointer
// or focus reaches the button (decision 185).
import { useState } from "react";
import { FileDown, FileUp } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/sonner";
import { LazyImportTicketsDialog } from "@/components/tickets/lazy-dialogs";
import { errorMessage } from "@/lib/api-client";
import type { ExportProgress } from "@/lib/api/tickets-io";
import { saveBlob } from "@/lib/save-blob";
import { formatCountOf } from "@/lib/format";

const loadExport = () => import("@/lib/api/tickets-io");

const formatBytes = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export function TicketsIoActions({ currentUserEmail }: { currentUserEmail: string }) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const [isImportMounted, setIsImportMounted] = useState(false);
  const [isImportOpen, setIsImportOpen] = useState(false);
  const isExporting = progress !== null;

  async function exportCsv() {
    setProgress({ bytes: 0, rows: 0 });
    try {
      const { exportAllTickets } = await loadExport();
      const file = await exportAllTickets({ onProgress: setProgress });
      if (file.rows === 0) {
        toast.error("No data to export");
        return;
      }
      saveBlob(file.blob, file.fileName);
      toast.success(`Exported ${formatCountOf(file.rows, "ticket")}`);
    } catch (error) {
      toast.error(`Failed to export tickets: ${errorMessage(error, "Unknown error")}`);
    } finally {
      setProgress(null);
    }
  }

  return (
    <>
      <Button
        variant="outline"
        onClick={() => void exportCsv()}
        onPointerEnter={() => void loadExport()}
        onFocus={() => void loadExport()}
        disabled={isExporting}
        aria-describedby={isExporting ? "export-progress" : undefined}
      >
        <FileDown className={isExporting ? "animate-pulse" : undefined} />
        {isExporting ? "Exporting..." : "Export CSV"}
      </Button>
      <Button
        variant="outline"
        onClick={() => {
          setIsImportMounted(true);
          setIsImportOpen(true);
        }}
      >
        <FileUp />
        Import CSV
      </Button>
      {isExporting && (
        <p
          id="export-progress"
          role="status"
          className="basis-full text-sm text-muted-foreground tabular-nums"
          data-testid="export-progress"
        >
          Exporting: {formatCountOf(progress.rows, "row")}, {formatBytes(progress.bytes)} so far
        </p>
      )}
      {isImportMounted && (
        <LazyImportTicketsDialog open={isImportOpen} onOpenChange={setIsImportOpen} importedBy={currentUserEmail} />
      )}
    </>
  );
}
