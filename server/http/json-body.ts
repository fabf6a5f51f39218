import "server-only";
import { cleanJsonValue } from "@/server/http/clean-input";
import { AppError } from "@/server/http/errors";

/** Deeper than this is no payload of ours (the deepest is 3): refused before it is parsed. */
export const MAX_JSON_DEPTH = 64;

export const INVALID_JSON_MESSAGE = "Request body is not valid JSON";

/**
 * Whether the JSON text opens more than `max` arrays/objects inside one another. One pass over
 * the characters, skipping strings, with no recursion: a million `[` cost a loop, not a stack.
 */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/**
 * A request's JSON body: empty is `{}`; text that does not parse, or nests deeper than
 * MAX_JSON_DEPTH (which used to overflow the stack in the cleaning below and answer 500), is
 * 400 `invalid_json`. Strings are cleaned once here for every route (server/http/clean-input.ts).
 */
export function parseJsonBody(text: string): unknown {
  if (!text.trim()) return {};
  if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new AppError("invalid_json", `${INVALID_JSON_MESSAGE}: it nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new AppError("invalid_json", INVALID_JSON_MESSAGE);
  }
  return cleanJsonValue(value);
}
