"use client";

// Other Settings (issue 26): every setting the General tab does not edit, editable here with the
// API's own field rules (lib/schemas/settings.ts `otherSettingsSchema`), each with what it does.
// Saved on its own (only what changed is sent), audited like every settings change.
import { useMemo } from "react";
import { Save, SlidersHorizontal } from "lucide-react";
import { useForm, type FieldPath } from "react-hook-form";
import { Field, TextField } from "@/components/forms/field";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Form, FormControl } from "@/components/ui/form";
import { toast } from "@/components/ui/sonner";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { ApiError } from "@/lib/api-client";
import type { Settings } from "@/lib/api/settings";
import { useUpdateSettings } from "@/lib/queries/settings";
import type { OtherSettingsInput, OtherSettingsValues } from "@/lib/schemas/settings";

type BooleanKey = {
  [K in keyof OtherSettingsInput]: OtherSettingsInput[K] extends boolean ? K : never;
}[keyof OtherSettingsInput];

const SWITCHES: { name: BooleanKey; label: string; effect: string; noEffect?: boolean }[] = [
  { name: "email_notifications", label: "Email notifications", effect: "Off refuses sending tickets by e-mail." },
  {
    name: "require_email_verification",
    label: "Require email verification",
    effect: "On refuses Google accounts whose email address is not verified.",
  },
  { name: "enable_api_logging", label: "API logging", effect: "One log line per API request on the server." },
  {
    name: "dark_mode",
    label: "Dark mode",
    effect: "The theme for anyone who has not chosen one in their account menu.",
  },
  {
    name: "restrict_sales_to_allocations",
    label: "Restrict sales to allocated stubs",
    effect: "On: a seller can register only the stubs handed to them.",
  },
  {
    name: "sms_notifications",
    label: "SMS notifications",
    effect: "No effect: this dashboard has no SMS provider.",
    noEffect: true,
  },
  {
    name: "push_notifications",
    label: "Push notifications",
    effect: "No effect: this dashboard has no push provider.",
    noEffect: true,
  },
  {
    name: "enable_two_factor",
    label: "Two-factor authentication",
    effect: "No effect: Google's own 2-Step Verification applies.",
    noEffect: true,
  },
];

// The field rules load on the form's first validation (decisions 177 and 182).
const resolver = lazyZodResolver<OtherSettingsInput, OtherSettingsValues>(() =>
  import("@/lib/schemas/settings").then((m) => m.otherSettingsSchema),
);

const MB = 1024 * 1024;

/** Bytes as the settings screen shows them: "0 MB", "12.4 MB", "1.9 GB". */
export function formatStorage(bytes: number): string {
  if (bytes >= 1024 * MB) return `${(bytes / (1024 * MB)).toLocaleString("en-US", { maximumFractionDigits: 1 })} GB`;
  return `${(bytes / MB).toLocaleString("en-US", { maximumFractionDigits: 1 })} MB`;
}

function toFormValues(settings: Settings): OtherSettingsInput {
  return {
    email_notifications: settings.email_notifications,
    require_email_verification: settings.require_email_verification,
    session_timeout: String(settings.session_timeout),
    api_rate_limit: String(settings.api_rate_limit),
    enable_api_logging: settings.enable_api_logging,
    primary_color: settings.primary_color,
    dark_mode: settings.dark_mode,
    restrict_sales_to_allocations: settings.restrict_sales_to_allocations,
    cash_on_hand_alert: String(settings.cash_on_hand_alert),
    attachment_storage_limit_mb: String(settings.attachment_storage_limit_mb),
    email_hourly_limit: String(settings.email_hourly_limit),
    retention_months: String(settings.retention_months),
    ticket_prefix: settings.ticket_prefix,
    timezone: settings.timezone,
    sms_notifications: settings.sms_notifications,
    push_notifications: settings.push_notifications,
    enable_two_factor: settings.enable_two_factor,
  };
}

export function OtherSettingsCard({ settings }: { settings: Settings }) {
  const mutation = useUpdateSettings();
  const values = useMemo(() => toFormValues(settings), [settings]);
  const form = useForm<OtherSettingsInput, unknown, OtherSettingsValues>({
    resolver,
    values,
    resetOptions: { keepDirtyValues: true },
    mode: "onTouched",
  });

  // Issue 25 item 12: with verification off the screen says plainly what that lets in.
  const requireVerification = form.watch("require_email_verification");

  const save = form.handleSubmit(async (valid) => {
    const changed = Object.fromEntries(
      Object.entries(valid).filter(([key, value]) => settings[key as keyof Settings] !== value),
    );
    if (Object.keys(changed).length === 0) {
      toast("Nothing to save: the settings are as saved");
      return;
    }
    try {
      const result = await mutation.mutateAsync(changed);
      form.reset(toFormValues(result.settings));
      toast.success("Settings saved successfully!");
    } catch (error) {
      toast.error(
        "Failed to save settings. Please try again.",
        error instanceof ApiError && error.status === 400 ? { description: error.message } : undefined,
      );
    }
  });

  const numberField = (name: FieldPath<OtherSettingsInput>, label: string, description: string) => (
    <TextField<OtherSettingsInput>
      name={name}
      label={label}
      description={description}
      inputMode="numeric"
      autoComplete="off"
      className="max-w-40"
    />
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <SlidersHorizontal className="size-5 text-primary" aria-hidden="true" />
          Other Settings
        </CardTitle>
        <CardDescription>
          Sessions, limits, e-mail, appearance and sales rules. Saved on their own with Save Other Settings.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Form {...form}>
          <form noValidate onSubmit={save} aria-label="Other Settings" className="space-y-6">
            <fieldset disabled={mutation.isPending} className="grid gap-4 sm:grid-cols-2">
              {numberField(
                "session_timeout",
                "Session timeout (minutes)",
                "A signed-in session ends after this many idle minutes (5 to 1,440).",
              )}
              {numberField(
                "api_rate_limit",
                "API rate limit (a minute)",
                "Requests per signed-in user, per address before sign-in (10 to 100,000).",
              )}
              {numberField(
                "cash_on_hand_alert",
                "Cash on hand alert (₱)",
                "A seller holding more unremitted cash than this is flagged (0 turns it off).",
              )}
              {numberField(
                "attachment_storage_limit_mb",
                "Attachment storage limit (MB)",
                `All proof-of-payment files together; uploads past it are refused. In ` +
                  `use: ${formatStorage(settings.attachment_storage_used_bytes)} ` +
                  `of ${formatStorage(settings.attachment_storage_limit_mb * MB)}.`,
              )}
              {numberField(
                "email_hourly_limit",
                "E-mail hourly limit",
                "Ticket e-mails all users together may send in a clock hour (1 to 100,000).",
              )}
              {numberField(
                "retention_months",
                "Retention period (months)",
                "Months after Close before administrators are reminded to remove " +
                  "buyers' personal data (0 to 120; 0 turns the reminder off).",
              )}
              <TextField<OtherSettingsInput>
                name="ticket_prefix"
                label="Ticket prefix"
                description={
                  `Starts every control number (${settings.ticket_prefix}-123-00001): 1 to 10 ` +
                  `capital letters or digits. Changeable only while no ticket exists.`
                }
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                className="max-w-40 font-mono"
              />
              <TextField<OtherSettingsInput>
                name="timezone"
                label="Timezone"
                description={
                  "The raffle's clock (IANA name, like Asia/Manila): every date and " +
                  "time shown, the daily figures and the draw's date."
                }
                autoComplete="off"
                spellCheck={false}
                className="max-w-56"
              />
              <Field<OtherSettingsInput, "primary_color">
                name="primary_color"
                label="Primary color"
                description="The dashboard's main colour, as #rrggbb; each theme gets a readable shade of it."
                placesControl
                render={(field) => (
                  <span className="flex items-center gap-2">
                    <input
                      type="color"
                      aria-label="Pick the primary color"
                      value={/^#[0-9a-fA-F]{6}$/.test(field.value) ? field.value : "#667eea"}
                      onChange={(event) => field.onChange(event.target.value)}
                      className="h-9 w-12 cursor-pointer rounded-md border bg-transparent p-1"
                    />
                    <FormControl>
                      <input
                        {...field}
                        className="h-9 w-32 rounded-md border bg-transparent px-3 font-mono text-sm"
                        autoComplete="off"
                        spellCheck={false}
                      />
                    </FormControl>
                  </span>
                )}
              />
            </fieldset>
            <fieldset disabled={mutation.isPending} className="divide-y rounded-md border">
              <legend className="sr-only">Switches</legend>
              {SWITCHES.map((item) => (
                <Field<OtherSettingsInput, BooleanKey>
                  key={item.name}
                  name={item.name}
                  label={item.label}
                  className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-3"
                  description={
                    <>
                      {item.noEffect && (
                        <Badge variant="outline" className="mr-2">
                          Not used
                        </Badge>
                      )}
                      {item.effect}
                      {item.name === "require_email_verification" && !requireVerification && (
                        <span role="note" className="mt-1 block font-medium text-amber-700 dark:text-amber-300">
                          Off: a Google account whose e-mail address Google has not verified can sign in — for example
                          an account someone created with an allow-listed address they do not own.
                        </span>
                      )}
                    </>
                  }
                  render={(field) => (
                    <Switch
                      checked={field.value}
                      onCheckedChange={field.onChange}
                      onBlur={field.onBlur}
                      ref={field.ref}
                    />
                  )}
                />
              ))}
            </fieldset>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending ? <Spinner label="Saving" /> : <Save />}
              {mutation.isPending ? "Saving..." : "Save Other Settings"}
            </Button>
          </form>
        </Form>
      </CardContent>
    </Card>
  );
}
