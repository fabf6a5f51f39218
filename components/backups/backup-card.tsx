"use client";

// The newest backup, for Settings and Close-out (issue 43): when it was taken, Back up now, and its
// download (administrators). What to do with the file: README, Backups.
import { DatabaseBackup, Download, RefreshCw } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useBackUpNow, useBackups, useDownloadLatestBackup } from "@/lib/queries/backups";
import { saveBlob } from "@/lib/save-blob";

function formatSize(bytes: number) {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

export function BackupCard() {
  const backups = useBackups();
  const backUpNow = useBackUpNow();
  const download = useDownloadLatestBackup();
  const status = backups.data;

  async function runBackup() {
    try {
      await backUpNow.mutateAsync();
      toast.success("Backup taken");
    } catch (error) {
      toast.error(errorMessage(error, "The backup failed"));
    }
  }
  async function runDownload() {
    try {
      const { blob, fileName } = await download.mutateAsync();
      saveBlob(blob, fileName);
    } catch (error) {
      toast.error(errorMessage(error, "The download failed"));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <DatabaseBackup className="size-5 text-primary" aria-hidden />
          <h2>Backups</h2>
        </CardTitle>
        <CardDescription>
          The whole database in one file, taken while the dashboard runs. Keep a copy off this computer: a lost laptop
          then loses nothing but the hours since the last backup.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {backups.isPending ? (
          <p role="status" aria-busy="true" className="text-muted-foreground">
            Loading backups…
          </p>
        ) : backups.isError ? (
          <div role="alert" className="flex items-center gap-3">
            <p>Failed to read the backups</p>
            <Button variant="outline" size="sm" onClick={() => void backups.refetch()}>
              <RefreshCw />
              Try Again
            </Button>
          </div>
        ) : (
          <>
            <p data-testid="last-backup">
              {status?.latest
                ? `Last backup: ${new Date(status.latest.createdAt).toLocaleString()} ` +
                  `(${status.latest.automatic ? "automatic" : "by hand"}, ${formatSize(status.latest.bytes)})`
                : "No backup yet."}
            </p>
            <p className="text-muted-foreground">
              {status?.automatic
                ? `Automatic backups every ${status.everyHours} hours and when the ` +
                  `dashboard stops; the newest ${status.keep} are kept.`
                : "Automatic backups are off here (npm run local turns them on); " +
                  "npm run backup takes one from the command line."}
            </p>
          </>
        )}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="outline" onClick={runBackup} disabled={backUpNow.isPending}>
            {backUpNow.isPending ? <Spinner label="Backing up" /> : <DatabaseBackup />}
            {backUpNow.isPending ? "Backing up…" : "Back up now"}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={runDownload}
            disabled={!status?.latest || download.isPending}
          >
            {download.isPending ? <Spinner label="Downloading" /> : <Download />}
            Download latest
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
