import "server-only";
import { clearLogs } from "@prisma/debug";
import { Debug } from "@prisma/client/runtime/client";

// Prisma's debug module remembers the arguments of its last 100 calls whether or not DEBUG is set
// (for its crash reports), in two copies: @prisma/adapter-pg's logs every query with its
// parameters, and the client runtime's own (bundled, without clearLogs) logs each raw query's
// request, its parameters serialized. A 5,000-row import batch is six statements of up to sixteen
// 5,000-element arrays, so the two histories held most of a 100,000-row import's rows (buyer
// names, phones, e-mails) until other queries pushed them out: about 100 MB of live heap, still
// growing, at the import's middle (issue 36, decision 276). Every query's entry in the adapter's
// history is forgotten once the query is answered; after a bulky query the runtime's history is
// pushed out too, by HISTORY_LENGTH empty entries (a fraction of a millisecond, spent only then).

/** @prisma/debug's MAX_ARGS_HISTORY, the same in the runtime's copy. */
const HISTORY_LENGTH = 100;
/** A parameter this long (array elements or characters) makes a query bulky. */
const BULKY_ARRAY = 100;
const BULKY_TEXT = 10_000;

const filler = Debug("raffle:driver-log");

const QUERY_METHODS = new Set<PropertyKey>(["queryRaw", "executeRaw", "executeScript"]);
const OPENS_QUERYABLE = new Set<PropertyKey>(["connect", "connectToShadowDb", "startTransaction"]);

/** A script (text) or a query ({ sql, args }) with a long text or a long array in it. */
function isBulky(query: unknown): boolean {
  if (typeof query === "string") return query.length >= BULKY_TEXT;
  const args = (query as { args?: unknown } | null)?.args;
  if (!Array.isArray(args)) return false;
  return args.some(
    (a) => (Array.isArray(a) && a.length >= BULKY_ARRAY) || (typeof a === "string" && a.length >= BULKY_TEXT),
  );
}

/** Both histories emptied of what `query` left in them. */
function forgetQuery(query: unknown) {
  clearLogs();
  if (isBulky(query)) for (let i = 0; i < HISTORY_LENGTH; i++) filler("");
}

/**
 * `target` (a driver adapter factory, an adapter or a transaction) with the debug histories
 * cleared after each query, and the adapters and transactions it opens wrapped the same way.
 */
export function forgettingDriverLog<T extends object>(target: T): T {
  return new Proxy(target, {
    get(t, prop) {
      const value: unknown = Reflect.get(t, prop, t);
      if (typeof value !== "function") return value;
      const method = value as (...args: unknown[]) => unknown;
      if (QUERY_METHODS.has(prop))
        return async (...args: unknown[]) => {
          try {
            return await method.apply(t, args);
          } finally {
            forgetQuery(args[0]);
          }
        };
      if (OPENS_QUERYABLE.has(prop))
        return async (...args: unknown[]) => {
          const opened = await method.apply(t, args);
          return opened && typeof opened === "object" ? forgettingDriverLog(opened) : opened;
        };
      return method.bind(t);
    },
  });
}
