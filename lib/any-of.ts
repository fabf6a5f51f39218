/**
 * One regular expression matching any of `parts` (each kept as its own literal, so a long alternation reads
 * one case per line and keeps its escapes exactly): `anyOf([/a/, /b\./], "i")` is `/a|b\./i`. Each part
 * is wrapped in a non-capturing group, so an anchor or alternation inside one stays inside it.
 */
export function anyOf(parts: RegExp[], flags = ""): RegExp {
  return new RegExp(parts.map((part) => `(?:${part.source})`).join("|"), flags);
}
