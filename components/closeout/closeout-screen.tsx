"use client";

// The Close-out page (issue 24, administrators): what still blocks Close, each with a link to where
// it is fixed; Close with a typed confirmation; Download archive; Purge personal data with a typed
// confirmation once closed and archived; Reopen with a reason (docs/decisions/130-132).
import { Link } from "@/components/ui/link";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Download, Lock, LockOpen, Trash2, TriangleAlert } from "lucide-react";
import { BackupCard } from "@/components/backups/backup-card";
import { PurgeReminderNotice } from "@/components/closeout/purge-reminder";
import { MoneyFigures } from "@/components/reconciliation/money-figures";
import { PageHeader } from "@/components/dashboard/page-header";
import { TextField } from "@/components/forms/field";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Checkbox } from "@/components/ui/checkbox";
import { Form } from "@/components/ui/form";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { errorMessage } from "@/lib/api-client";
import { formatCountOf, formatDateTime } from "@/lib/format";
import { useRaffleTimezone } from "@/lib/queries/settings";
import { RAFFLE_STATUS_LABELS } from "@/lib/draw";
import {
  useCloseRaffle,
  useCloseout,
  useDownloadArchive,
  usePurgeRaffle,
  useReopenRaffle,
} from "@/lib/queries/closeout";
import { ATTACHMENTS_WARNING, isReminderDue, monthsText } from "@/lib/retention";
import { saveBlob } from "@/lib/save-blob";
import type { CloseRafflePayload, CloseoutView, PurgeRafflePayload, ReopenRafflePayload } from "@/lib/schemas/closeout";

const TITLE = "Close-out";
const DESCRIPTION = "Freeze the raffle's records, keep one signed archive, then remove buyers' personal data.";

function CloseCard({ view }: { view: CloseoutView }) {
  const close = useCloseRaffle();
  const form = useForm<{ confirm: string }, unknown, CloseRafflePayload>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/closeout").then((m) => m.closeRaffleSchema)),
    defaultValues: { confirm: "" },
  });
  async function submit(body: CloseRafflePayload) {
    try {
      await close.mutateAsync(body);
      toast.success("The raffle is closed");
      form.reset();
    } catch (error) {
      toast.error(errorMessage(error, "Failed to close the raffle"));
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Close the raffle</h2>
        </CardTitle>
        <CardDescription>
          Once closed, no ticket, payment, statement, remittance, draw or winner can change until an administrator
          reopens it.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <MoneyFigures className="rounded-md border p-3" />
        {view.blocking.length === 0 ? (
          <p>Every condition is met.</p>
        ) : (
          <ul className="space-y-2" aria-label="What still blocks Close">
            {view.blocking.map((b) => (
              <li
                key={b.item}
                className="flex flex-col gap-1 rounded-md border p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <span>{b.message}</span>
                <Link href={b.href} className="text-primary underline underline-offset-4">
                  Fix it<span className="sr-only">: {b.message}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
        <Form {...form}>
          <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-3">
            <TextField<{ confirm: string }>
              name="confirm"
              label="Type CLOSE to confirm"
              autoComplete="off"
              spellCheck={false}
            />
            <Button type="submit" disabled={close.isPending}>
              <Lock />
              Close the raffle
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}

function ArchiveCard({ view }: { view: CloseoutView }) {
  const timeZone = useRaffleTimezone();
  const download = useDownloadArchive();
  const [includeAttachments, setIncludeAttachments] = useState(false);
  const checkboxId = useId();
  const warningId = useId();
  async function run() {
    try {
      const { blob, fileName } = await download.mutateAsync({ includeAttachments });
      saveBlob(blob, fileName);
      toast.success("Archive downloaded");
    } catch (error) {
      toast.error(errorMessage(error, "Failed to download the archive"));
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Archive</h2>
        </CardTitle>
        <CardDescription>
          One ZIP with every record as CSV, the audit log, each draw&apos;s certificate (data, checker and PDF), the
          remittance report, a one-page summary and a signed manifest. Keep it for as long as your permit requires.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="space-y-2">
          <div className="flex items-center gap-2">
            <Checkbox
              id={checkboxId}
              checked={includeAttachments}
              onCheckedChange={(checked) => setIncludeAttachments(checked === true)}
              aria-describedby={warningId}
              className="size-5"
            />
            <Label htmlFor={checkboxId}>Include attachments</Label>
          </div>
          <p
            id={warningId}
            className={
              includeAttachments
                ? "flex gap-2 text-sm font-medium text-destructive"
                : "flex gap-2 text-sm text-muted-foreground"
            }
          >
            <TriangleAlert className="size-4 shrink-0" aria-hidden />
            {ATTACHMENTS_WARNING}
          </p>
        </div>
        <Button type="button" variant="outline" onClick={run} disabled={download.isPending}>
          <Download />
          {download.isPending ? "Preparing the archive…" : "Download archive"}
        </Button>
        {view.archives.length > 0 && (
          <ul className="space-y-1 text-sm" aria-label="Archives downloaded while closed">
            {view.archives.map((a) => (
              <li key={a.id} className="break-all">
                {formatDateTime(a.downloadedAt, timeZone)}: {(a.sizeBytes / 1024).toFixed(0)} KB, SHA-256{" "}
                <code>{a.sha256}</code>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function PurgeCard({ view }: { view: CloseoutView }) {
  const timeZone = useRaffleTimezone();
  const purge = usePurgeRaffle();
  const form = useForm<{ confirm: string }, unknown, PurgeRafflePayload>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/closeout").then((m) => m.purgeRaffleSchema)),
    defaultValues: { confirm: "" },
  });
  const ready = view.archives.length > 0 && !view.purgedAt;
  async function submit(body: PurgeRafflePayload) {
    try {
      const res = await purge.mutateAsync(body);
      toast.success(`Personal data removed from ${formatCountOf(res.counts.tickets, "ticket")}`);
      form.reset();
    } catch (error) {
      toast.error(errorMessage(error, "Failed to remove personal data"));
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Remove personal data</h2>
        </CardTitle>
        <CardDescription>
          Removes buyers&apos; phone numbers, e-mail addresses and addresses, shortens their names to initials, deletes
          every attachment and disqualification evidence file, and masks the same data in the Activity Log&apos;s
          details. This cannot be undone. The public draw proof keeps working.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {view.purgedAt ? (
          <p>Personal data was removed on {formatDateTime(view.purgedAt, timeZone)}.</p>
        ) : (
          <>
            {view.retention.purgeDueAt &&
              !view.retention.isPurgeDue &&
              !isReminderDue(view.retention.purgeDueAt, new Date()) && (
                <p className="mb-3 text-sm text-muted-foreground">
                  Reminder on {formatDateTime(view.retention.purgeDueAt, timeZone, "MMM d, yyyy")},{" "}
                  {monthsText(view.retention.retentionMonths)} after Close (the retention period in{" "}
                  <Link href="/dashboard/settings" className="text-primary underline underline-offset-4">
                    Settings
                  </Link>
                  ).
                </p>
              )}
            <Form {...form}>
              <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-3">
                {!ready && <p>Download the archive first: it keeps the data this removes.</p>}
                <TextField<{ confirm: string }>
                  name="confirm"
                  label="Type PURGE to confirm"
                  autoComplete="off"
                  spellCheck={false}
                />
                <Button type="submit" variant="destructive" disabled={purge.isPending || !ready}>
                  <Trash2 />
                  Remove personal data
                </Button>
              </form>
            </Form>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ReopenCard() {
  const reopen = useReopenRaffle();
  const form = useForm<{ reason: string }, unknown, ReopenRafflePayload>({
    resolver: lazyZodResolver(() => import("@/lib/schemas/closeout").then((m) => m.reopenRaffleSchema)),
    defaultValues: { reason: "" },
  });
  async function submit(body: ReopenRafflePayload) {
    try {
      await reopen.mutateAsync(body);
      toast.success("The raffle is open again");
      form.reset();
    } catch (error) {
      toast.error(errorMessage(error, "Failed to reopen the raffle"));
    }
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Reopen</h2>
        </CardTitle>
        <CardDescription>Only to correct a record. The reason is kept in the Activity Log.</CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-3">
            <TextField<{ reason: string }> name="reason" label="Reason" multiline rows={2} />
            <Button type="submit" variant="outline" disabled={reopen.isPending}>
              <LockOpen />
              Reopen the raffle
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}

export function CloseoutScreen() {
  const timeZone = useRaffleTimezone();
  const closeout = useCloseout();
  if (!closeout.data) {
    return (
      <div className="space-y-6">
        <PageHeader title={TITLE} description={DESCRIPTION} />
        {closeout.error ? (
          <p role="alert">{errorMessage(closeout.error, "Failed to load close-out")}</p>
        ) : (
          <Skeleton className="h-40 w-full" label="Loading close-out" />
        )}
      </div>
    );
  }
  const view = closeout.data;
  const closed = view.status === "closed";
  return (
    <div className="space-y-6">
      <PageHeader title={TITLE} description={DESCRIPTION} />
      <p>
        The raffle is <strong>{RAFFLE_STATUS_LABELS[view.status]}</strong>
        {closed && view.closedAt ? ` since ${formatDateTime(view.closedAt, timeZone)}` : ""}.
      </p>
      <PurgeReminderNotice retention={view.retention} showLink={false} />
      {!closed && <CloseCard view={view} />}
      {/* Once closed the Close card is gone; the money it showed stays, as the archive's summary prints it
          (issue 37). */}
      {closed && (
        <section aria-labelledby="closeout-money" className="space-y-2">
          <h2 id="closeout-money" className="text-lg font-semibold">
            Money at Close
          </h2>
          <MoneyFigures className="rounded-md border p-3" />
        </section>
      )}
      <ArchiveCard view={view} />
      <BackupCard />
      {closed && <PurgeCard view={view} />}
      {closed && <ReopenCard />}
    </div>
  );
}
