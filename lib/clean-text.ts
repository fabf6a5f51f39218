// Bidi controls removed from free text (decision 037), without zod: lib/schemas/text.ts uses it in
// every text schema, and the Settings screen's unsaved-changes check reads a field as those schemas do.

/** Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): removed. */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

export function stripBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, "");
}
