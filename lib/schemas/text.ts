// The rules every free-text field shares (issue 14), used by the schemas in this folder: a
// maximum length that fits the field's meaning, no control characters (tab and newlines only
// where a newline makes sense), and no bidirectional override characters, which would let a
// buyer name display reversed or disguised in an export, an e-mail or the dashboard.
// Decision: docs/decisions/037-clean-text-input.md.
import { z } from "zod";
import { stripBidiControls } from "@/lib/clean-text";

export { stripBidiControls };

/** Maximum lengths, in UTF-16 code units (an emoji counts 2). */
export const TEXT_LIMITS = {
  name: 100,
  displayName: 100,
  email: 254,
  address: 300,
  reference: 100,
  identifier: 200,
  idToken: 8192,
} as const;

/** C0 and C1 controls and DEL. */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001F\u007F-\u009F]/;
/** The same, but tab, line feed and carriage return allowed (multi-line fields). */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARS_MULTILINE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export function hasControlChars(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? CONTROL_CHARS_MULTILINE : CONTROL_CHARS).test(value);
}

export const tooLongMessage = (label: string, max: number) => `${label} must be at most ${max} characters.`;
export const controlCharsMessage = (label: string) => `${label} must not contain control characters.`;

/**
 * A string schema that starts by removing bidi controls (so they count for nothing and never
 * reach the database); chain `.trim()`, `.min()` with the field's own messages, then `textRules`.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).overwrite(stripBidiControls);
}

/** The shared maximum length and control-character rule, with messages naming the field. */
export function textRules(schema: z.ZodString, options: { label: string; max: number; multiline?: boolean }) {
  const { label, max, multiline } = options;
  return schema
    .max(max, tooLongMessage(label, max))
    .refine((v) => !hasControlChars(v, { multiline }), controlCharsMessage(label));
}

/** The problem with a value for a field, or null: for code that validates outside zod. */
export function textProblem(
  value: string,
  options: { label: string; max: number; multiline?: boolean },
): string | null {
  if (value.length > options.max) return tooLongMessage(options.label, options.max);
  if (hasControlChars(value, options)) return controlCharsMessage(options.label);
  return null;
}
