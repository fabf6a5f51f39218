// The Custom Range Generator's live preview (SPEC sections 2 and 5): count, revenue and range.

export interface RangePreview {
  /** end - start + 1 when both are whole numbers, else 0. */
  count: number;
  /** count × price; undefined until the price is known. */
  revenue: number | undefined;
  /** "00001 - 00100", or null when the range cannot be read yet. */
  range: string | null;
}

function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!/^-?\d+$/.test(trimmed)) return null;
  return Number(trimmed);
}

const pad = (n: number) => String(n).padStart(5, "0");

export function previewRange(input: { start: string; end: string; price: number | undefined }): RangePreview {
  const start = wholeNumber(input.start);
  const end = wholeNumber(input.end);
  if (start === null || end === null)
    return { count: 0, revenue: input.price === undefined ? undefined : 0, range: null };
  const count = Math.max(0, end - start + 1);
  return {
    count,
    revenue: input.price === undefined ? undefined : count * input.price,
    range: `${pad(start)} - ${pad(end)}`,
  };
}
