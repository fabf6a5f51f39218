// The response-contract tests' strict parse (issue 41, docs/decisions/247 and 260): a schema from
// lib/schemas/ made strict at every depth, so a field a route answers and its schema lacks fails.
import { expect } from "vitest";
import { z } from "zod";

/** `schema` with every object in it strict: an unknown key anywhere is an error. */
export function strictDeep(schema: z.ZodType): z.ZodType {
  const def = (schema as any).def;
  switch (def.type) {
    case "object":
      return z.strictObject(
        Object.fromEntries(Object.entries(def.shape as Record<string, z.ZodType>).map(([k, v]) => [k, strictDeep(v)])),
      );
    case "array":
      return z.array(strictDeep(def.element));
    case "nullable":
      return strictDeep(def.innerType).nullable();
    case "optional":
      return strictDeep(def.innerType).optional();
    case "union":
      return z.union(def.options.map(strictDeep));
    case "record":
      return z.record(def.keyType, strictDeep(def.valueType));
    default:
      return schema;
  }
}

export function expectContract(schema: z.ZodType, body: unknown) {
  const parsed = strictDeep(schema).safeParse(body);
  expect(parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`)).toEqual([]);
}

/**
 * A download's headers: its media type, and that it is saved as a file named like `fileName`
 * (`null`: shown or run in place, no Content-Disposition).
 */
export function expectDownload(headers: Headers, type: string | RegExp, fileName: RegExp | null) {
  expect(headers.get("content-type")).toMatch(type);
  const disposition = headers.get("content-disposition");
  if (fileName === null) {
    expect(disposition).toBeNull();
    return;
  }
  expect(disposition).toMatch(/^attachment; filename="/);
  expect(/filename="([^"]+)"/.exec(disposition ?? "")?.[1]).toMatch(fileName);
}

/** A redirect (Auth.js's sign-in and sign-out steps): its status and where it sends the browser. */
export function expectRedirect(res: { status: number; headers: Headers }, location: RegExp) {
  expect([302, 303, 307]).toContain(res.status);
  expect(res.headers.get("location")).toMatch(location);
}
