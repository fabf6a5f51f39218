// POST /api/reconciliation/imports as a browser sends it: multipart with the file and the fields.
import { NextRequest } from "next/server";
import { POST as importRoute } from "@/app/api/reconciliation/imports/route";
import { TEST_ORIGIN } from "@/tests/helpers/http";

export async function uploadStatement(options: {
  token: string;
  bytes: Uint8Array;
  fileName: string;
  kind: "gcash_pdf" | "bank_csv";
  accountLabel?: string;
  password?: string;
  mapping?: unknown;
  profile?: string;
  preview?: boolean;
}) {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(options.bytes)]), options.fileName);
  form.set("kind", options.kind);
  form.set("accountLabel", options.accountLabel ?? (options.kind === "gcash_pdf" ? "GCash 0917" : "BDO 1234"));
  if (options.password !== undefined) form.set("password", options.password);
  if (options.mapping !== undefined) form.set("mapping", JSON.stringify(options.mapping));
  if (options.profile) form.set("profile", options.profile);
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const headers = new Headers({
    "content-type": encoded.headers.get("content-type")!,
    host: "localhost:3000",
    authorization: `Bearer ${options.token}`,
    "content-length": String(bytes.length),
  });
  const path = `/api/reconciliation/imports${options.preview ? "?preview=1" : ""}`;
  const res = await importRoute(new NextRequest(new URL(path, TEST_ORIGIN), { method: "POST", headers, body: bytes }), {
    params: Promise.resolve({}),
  });
  return { status: res.status, json: (await res.json()) as any };
}
