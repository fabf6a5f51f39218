// A screen's state kept in the URL's query (filters, page, tab, period), so a view can be
// reloaded, bookmarked and shared, and Back steps through it (decision 175). The parsers are
// plain functions, so the server (a page reading its `searchParams`) and the browser read a URL
// the same way; the browser hook writes with the History API, which the App Router follows
// without asking the server again (useSearchParams sees the change).
//
// It replaces nuqs (about 7 kB gzipped on every screen) with the part the screens use: string,
// integer, boolean and one-of-a-list values, defaults, `push` or `replace`, and dropping a value
// equal to its default from the URL.

/** How one query parameter reads and writes. A parser with a default never reads as null. */
export interface UrlParser<T> {
  /** The value of a present parameter, or null when it is not one (then the default applies). */
  parse(raw: string): T | null;
  serialize(value: T): string;
  defaultValue?: T;
}

export interface UrlParserBuilder<T> extends UrlParser<T> {
  withDefault(value: T): UrlParser<T> & { defaultValue: T };
}

function parser<T>(parse: (raw: string) => T | null, serialize: (value: T) => string): UrlParserBuilder<T> {
  return { parse, serialize, withDefault: (defaultValue) => ({ parse, serialize, defaultValue }) };
}

export const urlString = parser<string>(
  (raw) => raw,
  (value) => value,
);

/** A whole number; "2.5" reads as 2, "x" as absent (parseInt's reading, as nuqs read it). */
export const urlInteger = parser<number>(
  (raw) => {
    const n = Number.parseInt(raw, 10);
    return Number.isFinite(n) ? n : null;
  },
  (value) => String(Math.round(value)),
);

/** "true" (any case) is true; any other value is false. */
export const urlBoolean = parser<boolean>(
  (raw) => raw.toLowerCase() === "true",
  (value) => String(value),
);

/** One of `values`; anything else reads as absent. */
export function urlLiteral<const V extends readonly string[]>(values: V): UrlParserBuilder<V[number]> {
  return parser<V[number]>(
    (raw) => (values.includes(raw) ? raw : null),
    (value) => value,
  );
}

export type UrlParsers = Record<string, UrlParser<any>>;

/** What each parameter reads as: its type, or that type or null when it has no default. */
export type UrlValues<P extends UrlParsers> = {
  [K in keyof P]: P[K] extends { defaultValue: infer D } ? D : P[K] extends UrlParser<infer T> ? T | null : never;
};

/** Changes to write: a value, or null to remove the parameter; keys left out stay as they are. */
export type UrlChanges<P extends UrlParsers> = { [K in keyof P]?: UrlValues<P>[K] | null };

export type UrlSearchParamsRecord = Record<string, string | string[] | undefined>;

/**
 * Reads the parameters from a query (the browser's) or a page's `searchParams` (the server's; the first of repeated
 * values).
 */
export function readUrlState<P extends UrlParsers>(
  parsers: P,
  query: URLSearchParams | UrlSearchParamsRecord,
): UrlValues<P> {
  const get = (key: string): string | null => {
    if (query instanceof URLSearchParams) return query.get(key);
    const value = query[key];
    return (Array.isArray(value) ? value[0] : value) ?? null;
  };
  const values: Record<string, unknown> = {};
  for (const [key, p] of Object.entries(parsers)) {
    const raw = get(key);
    values[key] = (raw === null ? null : p.parse(raw)) ?? p.defaultValue ?? null;
  }
  return values as UrlValues<P>;
}

/**
 * The query after `changes`: null removes a parameter, and so does a value equal to its default
 * when `clearOnDefault` (a clean URL for the default view). Other parameters are kept.
 */
export function writeUrlState<P extends UrlParsers>(
  parsers: P,
  query: URLSearchParams,
  changes: UrlChanges<P>,
  clearOnDefault = true,
): URLSearchParams {
  const next = new URLSearchParams(query);
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const p = parsers[key];
    if (!p) throw new Error(`Unknown URL parameter "${key}"`);
    if (
      value === null ||
      (clearOnDefault && p.defaultValue !== undefined && p.serialize(value) === p.serialize(p.defaultValue))
    )
      next.delete(key);
    else next.set(key, p.serialize(value));
  }
  return next;
}
