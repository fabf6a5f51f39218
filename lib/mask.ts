// Buyer names shown where the whole name is not needed (decision 036's proportionality): each
// word cut to its first letter and three asterisks, 'Juan Dela Cruz' → 'J*** D*** C***'.

/** 'J*** D***'; null for an empty name. */
export function maskName(name: string | null | undefined): string | null {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  return words.map((word) => `${Array.from(word)[0].toUpperCase()}***`).join(" ");
}
