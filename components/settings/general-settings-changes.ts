// Whether the General tab's form differs from the saved settings: what enables Save Changes and the
// leave-page warning, asked on every render. It reads each field as lib/schemas/settings.ts does
// (bidi controls removed, trimmed, numbers from their text, prices rounded to cents) without zod,
// so the screen's first load carries no schema (decision 182). A value the schema would refuse
// counts as a change, as it did when this check parsed with the schema: the saved values are valid,
// so a refused value never equals them (the price's text is checked as the schema checks it, the
// one rule that looks at the text rather than at the value read from it).
import type { Settings } from "@/lib/api/settings";
import { stripBidiControls } from "@/lib/clean-text";
import type { GeneralSettingsInput } from "@/lib/schemas/settings";

type Saved = Pick<Settings, keyof GeneralSettingsInput>;

/** Money as the schema accepts it typed: digits with up to two decimals. */
const MONEY_TEXT = /^\d+(\.\d{1,2})?$/;
const hasAtMostTwoDecimals = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

const asText = (value: unknown): string | undefined =>
  typeof value === "string" ? stripBidiControls(value).trim() : undefined;
const asPlainText = (value: unknown): string | undefined => (typeof value === "string" ? value.trim() : undefined);

/** A number field's value: a number as given, text read as the schema reads it (empty is no number). */
function asNumber(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value !== "string" || value.trim() === "") return Number.NaN;
  return Number(value.trim());
}

function asPrice(value: unknown): number {
  if (typeof value === "string" && !MONEY_TEXT.test(value.trim())) return Number.NaN;
  const n = asNumber(value);
  return Number.isFinite(n) && hasAtMostTwoDecimals(n) ? Math.round(n * 100) / 100 : Number.NaN;
}

/** True when the form's values, read as the settings schema reads them, differ from the saved ones. */
export function generalSettingsDiffer(current: GeneralSettingsInput, saved: Saved | undefined): boolean {
  if (!saved) return false;
  return (
    asText(current.site_name) !== saved.site_name ||
    asText(current.site_description) !== saved.site_description ||
    asPrice(current.ticket_price) !== saved.ticket_price ||
    asNumber(current.max_ticket_limit) !== saved.max_ticket_limit ||
    asText(current.permit_number) !== saved.permit_number ||
    asPlainText(current.draw_at) !== saved.draw_at ||
    asText(current.venue) !== saved.venue
  );
}
