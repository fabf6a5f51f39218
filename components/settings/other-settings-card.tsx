"use client";

import { SlidersHorizontal } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import type { Settings } from "@/lib/api/settings";
import { formatCount } from "@/lib/format";

const onOff = (on: boolean) => (on ? "On" : "Off");

/**
 * The ten settings the spec's screen does not edit (SPEC section 3: "The UI edits only site
 * name, description, ticket price and maximum ticket limit"), shown with what each does, so an
 * administrator knows their values and which of them do nothing here.
 */
export function OtherSettingsCard({ settings }: { settings: Settings }) {
  const rows: { name: string; value: React.ReactNode; effect: string; noEffect?: boolean }[] = [
    { name: "Email notifications", value: onOff(settings.email_notifications), effect: "Off refuses sending tickets by e-mail." },
    { name: "Require email verification", value: onOff(settings.require_email_verification), effect: "On refuses Google accounts whose email address is not verified." },
    { name: "Session timeout", value: `${formatCount(settings.session_timeout)} minutes`, effect: "A signed-in session ends after this many idle minutes." },
    { name: "API rate limit", value: `${formatCount(settings.api_rate_limit)} a minute`, effect: "Requests per signed-in user (per address before sign-in); more are refused for the rest of the minute." },
    { name: "API logging", value: onOff(settings.enable_api_logging), effect: "One log line per API request on the server." },
    {
      name: "Primary color",
      value: (
        <span className="inline-flex items-center gap-2">
          <span aria-hidden className="size-4 rounded-sm border" style={{ backgroundColor: settings.primary_color }} />
          {settings.primary_color}
        </span>
      ),
      effect: "The dashboard's main colour, in a shade that stays readable in each theme.",
    },
    { name: "Dark mode", value: onOff(settings.dark_mode), effect: "The theme for anyone who has not chosen one in their account menu." },
    { name: "SMS notifications", value: onOff(settings.sms_notifications), effect: "No effect: this dashboard has no SMS provider.", noEffect: true },
    { name: "Push notifications", value: onOff(settings.push_notifications), effect: "No effect: this dashboard has no push provider.", noEffect: true },
    { name: "Two-factor authentication", value: onOff(settings.enable_two_factor), effect: "No effect: this dashboard has no second-factor provider; Google's own 2-Step Verification applies.", noEffect: true },
  ];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <SlidersHorizontal className="size-5 text-primary" />
          Other Settings
        </CardTitle>
        <CardDescription>Changed through the settings API (PUT /api/settings); shown here for reference.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y">
          {rows.map((row) => (
            <div key={row.name} className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[14rem_8rem_1fr] sm:items-start sm:gap-4">
              <dt className="text-sm font-medium">{row.name}</dt>
              <dd className="text-sm">{row.value}</dd>
              <dd className="text-sm text-muted-foreground">
                {row.noEffect && (
                  <Badge variant="outline" className="mr-2">
                    Not used
                  </Badge>
                )}
                {row.effect}
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
