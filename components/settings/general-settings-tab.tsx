"use client";

import { AlertTriangle, Hash, RefreshCw, Settings as SettingsIcon, ShieldCheck } from "lucide-react";
import { OtherSettingsCard } from "@/components/settings/other-settings-card";
import type { GeneralSettingsController } from "@/components/settings/use-general-settings-form";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { Textarea } from "@/components/ui/textarea";
import { MAX_TICKET_NUMBER } from "@/lib/constants";
import { SETTINGS_MESSAGES } from "@/lib/schemas/settings";

export const GENERAL_FORM_ID = "general-settings-form";

function LoadingFields() {
  return (
    <div className="grid gap-6 sm:grid-cols-2" aria-busy="true" aria-label="Loading settings">
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
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <SettingsIcon className="size-5 text-primary" />
            General Settings
          </CardTitle>
          <CardDescription>The site&apos;s name and description, the ticket price, and how many ticket numbers may be issued.</CardDescription>
        </CardHeader>
        <CardContent>
          {query.isPending ? (
            <LoadingFields />
          ) : query.isError && !saved ? (
            <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
              <p>Failed to load settings from database</p>
              <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
                <RefreshCw />
                Try Again
              </Button>
            </div>
          ) : (
            <Form {...form}>
              <form id={GENERAL_FORM_ID} onSubmit={save} noValidate className="grid gap-6 sm:grid-cols-2">
                <FormField
                  control={form.control}
                  name="site_name"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Site Name</FormLabel>
                      <FormControl>
                        <Input placeholder="Batch 2000 Raffle Dashboard" autoComplete="off" {...field} />
                      </FormControl>
                      <FormDescription>The browser tab&apos;s title; also shown on the sign-in page.</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="ticket_price"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Default Ticket Price (₱)</FormLabel>
                      <FormControl>
                        <Input type="number" inputMode="decimal" step="0.01" min="0.01" {...field} value={field.value ?? ""} />
                      </FormControl>
                      <FormDescription>Charged for every ticket created from now on; existing tickets keep their price.</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="site_description"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Site Description</FormLabel>
                      <FormControl>
                        <Textarea rows={3} placeholder="What this raffle is for" {...field} />
                      </FormControl>
                      <FormDescription>The page description; shown under the sign-in page&apos;s subtitle.</FormDescription>
                      <FormMessage />
                    </FormItem>
                  )}
                />
                <FormField
                  control={form.control}
                  name="max_ticket_limit"
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>Maximum Ticket Limit</FormLabel>
                      <FormControl>
                        <Input type="number" inputMode="numeric" step="1" min="1" max="999999" {...field} value={field.value ?? ""} />
                      </FormControl>
                      <FormDescription>Ticket numbers run from 00001 up to this limit (1 to 999,999).</FormDescription>
                      <FormMessage />
                      {limit > MAX_TICKET_NUMBER && !form.formState.errors.max_ticket_limit && (
                        <p className="flex items-start gap-1.5 text-sm text-amber-700 dark:text-amber-300">
                          <AlertTriangle className="mt-0.5 size-4 shrink-0" />
                          {SETTINGS_MESSAGES.limitAboveNumbers}
                        </p>
                      )}
                    </FormItem>
                  )}
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
                Ticket numbers are unique: each 5-digit number belongs to one ticket only, and the database refuses a second ticket with a number already
                issued, whoever creates it and from wherever.
              </span>
            </li>
            <li className="flex gap-2">
              <Hash className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>
                Lowering the limit below numbers already issued keeps those tickets, but refuses new ones above it: generating, custom ranges and imports only
                use numbers up to the limit.
              </span>
            </li>
            <li className="flex gap-2">
              <Hash className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>Numbers have 5 digits, so at most 99,999 tickets exist whatever the limit says.</span>
            </li>
          </ul>
        </CardContent>
      </Card>

      {saved && <OtherSettingsCard settings={saved} />}
    </div>
  );
}
