"use client";

import { AlertTriangle, Hash, RefreshCw, Settings as SettingsIcon, ShieldCheck } from "lucide-react";
import dynamic from "next/dynamic";
import { OtherSettingsCard } from "@/components/settings/other-settings-card";
import { PublicUrlCard } from "@/components/settings/public-url-card";
import type { GeneralSettingsController } from "@/components/settings/use-general-settings-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TextField } from "@/components/forms/field";
import { Form } from "@/components/ui/form";
import { Skeleton } from "@/components/ui/skeleton";
import { MAX_TICKET_NUMBER } from "@/lib/constants";
import type { GeneralSettingsInput } from "@/lib/schemas/settings";
import { SETTINGS_MESSAGES } from "@/lib/settings-messages";

// Below the fold: its code and its request come after the settings' own (decision 178's reasoning).
const BackupCard = dynamic(() => import("@/components/backups/backup-card").then((m) => m.BackupCard));

export const GENERAL_FORM_ID = "general-settings-form";

function LoadingFields() {
  return (
    <div className="grid gap-6 sm:grid-cols-2" role="status" aria-busy="true" aria-label="Loading settings">
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="space-y-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-9 w-full" />
        </div>
      ))}
    </div>
  );
}

export function GeneralSettingsTab({ controller }: { controller: GeneralSettingsController }) {
  const { form, query, saved, save } = controller;
  const limit = Number(form.watch("max_ticket_limit"));

  return (
    <div className="space-y-6">
      {saved?.audit_safety_warning ? (
        <div
          role="alert"
          aria-label="Audit trail"
          className="flex items-start gap-3 rounded-lg border border-amber-500/50 bg-amber-500/10 p-4 text-sm"
        >
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600" aria-hidden />
          <p>{saved.audit_safety_warning}</p>
        </div>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <SettingsIcon className="size-5 text-primary" />
            General Settings
          </CardTitle>
          <CardDescription>
            The site&apos;s name and description, the ticket price, how many ticket numbers may be issued, and the
            permit, draw and venue printed on ticket stubs.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <LoadingFields />
          ) : query.isError && !saved ? (
            <div
              role="alert"
              className={
                "flex flex-col items-start gap-3 rounded-lg border " +
                "border-destructive/40 bg-destructive/5 p-4 text-sm"
              }
            >
              <p>Failed to load settings from database</p>
              <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                <RefreshCw />
                Try Again
              </Button>
            </div>
          ) : (
            <Form {...form}>
              <form id={GENERAL_FORM_ID} onSubmit={save} noValidate className="grid gap-6 sm:grid-cols-2">
                <TextField<GeneralSettingsInput>
                  name="site_name"
                  label="Site Name"
                  description="The browser tab's title and the dashboard's header; also shown on the sign-in page."
                  placeholder="Batch 2000 Raffle Dashboard"
                  autoComplete="off"
                />
                <TextField<GeneralSettingsInput>
                  name="ticket_price"
                  label="Default Ticket Price (₱)"
                  description="Charged for every ticket created from now on; existing tickets keep their price."
                  type="number"
                  inputMode="decimal"
                  step="0.01"
                  min="0.01"
                />
                <TextField<GeneralSettingsInput>
                  name="site_description"
                  label="Site Description"
                  description="The page description; shown under the sign-in page's subtitle."
                  multiline
                  rows={3}
                  placeholder="What this raffle is for"
                />
                <TextField<GeneralSettingsInput>
                  name="max_ticket_limit"
                  label="Maximum Ticket Limit"
                  description={
                    "Ticket numbers run from 00001 up to this limit; numbers " +
                    "have 5 digits, so at most 99,999 tickets exist."
                  }
                  type="number"
                  inputMode="numeric"
                  step="1"
                  min="1"
                  max="99999"
                  footer={
                    limit > MAX_TICKET_NUMBER &&
                    !form.formState.errors.max_ticket_limit && (
                      <p className="flex items-start gap-1.5 text-sm text-amber-700 dark:text-amber-300">
                        <AlertTriangle className="mt-0.5 size-4 shrink-0" />
                        {SETTINGS_MESSAGES.limitAboveNumbers}
                      </p>
                    )
                  }
                />
                <TextField<GeneralSettingsInput>
                  name="permit_number"
                  label="Permit Number"
                  description={
                    "Printed on every ticket stub as 'Permit No. …', e.g. " +
                    "FTEB-12345 Series of 2026. Leave empty to print none."
                  }
                  placeholder="FTEB-12345 Series of 2026"
                  autoComplete="off"
                />
                <TextField<GeneralSettingsInput>
                  name="draw_at"
                  label="Draw Date and Time"
                  description="In the raffle's timezone. Printed on stubs and shown on the public verify page."
                  type="datetime-local"
                />
                <TextField<GeneralSettingsInput>
                  name="venue"
                  label="Draw Venue"
                  description="Where the draw takes place; printed on stubs."
                  placeholder="Covered Court, Peñaflor"
                  autoComplete="off"
                />
              </form>
            </Form>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-primary" />
            Duplicate Prevention
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="space-y-3 text-sm text-muted-foreground">
            <li className="flex gap-2">
              <Hash className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>
                Ticket numbers are unique: each 5-digit number belongs to one ticket only, and the database refuses a
                second ticket with a number already issued, whoever creates it and from wherever.
              </span>
            </li>
            <li className="flex gap-2">
              <Hash className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>
                Lowering the limit below numbers already issued keeps those tickets, but refuses new ones above it:
                generating, custom ranges and imports only use numbers up to the limit.
              </span>
            </li>
            <li className="flex gap-2">
              <Hash className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>Numbers have 5 digits, so at most 99,999 tickets exist whatever the limit says.</span>
            </li>
          </ul>
        </CardContent>
      </Card>

      <PublicUrlCard />

      {saved && <OtherSettingsCard settings={saved} />}
      <BackupCard />
    </div>
  );
}
