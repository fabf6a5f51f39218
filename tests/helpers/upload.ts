// Multipart uploads and binary answers for route handlers, as Next.js would pass them.
import { NextRequest } from "next/server";
import { TEST_ORIGIN } from "@/tests/helpers/http";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

/** Sample files of every accepted type, recognised by their leading bytes. */
export const SAMPLE_FILES = {
  jpeg: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from("JFIF\0 receipt photo")]),
  png: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from("\0\0\0\rIHDR stub")]),
  webp: Buffer.concat([Buffer.from("RIFF"), Buffer.from([0x20, 0, 0, 0]), Buffer.from("WEBPVP8 stub image")]),
  heic: Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from("ftypheic"),
    Buffer.from([0, 0, 0, 0]),
    Buffer.from("mif1heic"),
    Buffer.from("....meta"),
  ]),
  pdf: Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n"),
  exe: Buffer.concat([
    Buffer.from("MZ"),
    Buffer.alloc(64, 0x90),
    Buffer.from("This program cannot be run in DOS mode"),
  ]),
};

export async function uploadFile(
  handler: Handler,
  options: {
    ticketRef: string;
    token?: string;
    file?: { bytes: Uint8Array; name: string; type?: string };
    field?: string;
    chunked?: boolean;
    headers?: Record<string, string>;
  },
) {
  const form = new FormData();
  if (options.file)
    form.set(
      options.field ?? "file",
      new Blob([new Uint8Array(options.file.bytes)], { type: options.file.type ?? "application/octet-stream" }),
      options.file.name,
    );
  const encoded = new Request("http://localhost/", { method: "POST", body: form });
  const contentType = encoded.headers.get("content-type")!;
  const bytes = new Uint8Array(await encoded.arrayBuffer());
  const headers = new Headers(options.headers);
  headers.set("content-type", contentType);
  headers.set("host", "localhost:3000");
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  let body: BodyInit = bytes;
  if (options.chunked) {
    // No Content-Length: the server must stop reading at its limit by itself.
    body = new ReadableStream({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 1 << 20) controller.enqueue(bytes.subarray(i, i + (1 << 20)));
        controller.close();
      },
    });
  } else {
    headers.set("content-length", String(bytes.length));
  }
  const path = `/api/tickets/${encodeURIComponent(options.ticketRef)}/attachments`;
  const req = new NextRequest(new URL(path, TEST_ORIGIN), {
    method: "POST",
    headers,
    body,
    duplex: "half",
  } as ConstructorParameters<typeof NextRequest>[1]);
  const res = await handler(req, { params: Promise.resolve({ id: options.ticketRef }) });
  return { status: res.status, json: (await res.json()) as any };
}

/** Calls a handler and keeps the answer's bytes (downloads). */
export async function callBinary(
  handler: Handler,
  options: { path: string; params: Record<string, string>; token?: string },
) {
  const headers = new Headers({ host: "localhost:3000" });
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  const res = await handler(new NextRequest(new URL(options.path, TEST_ORIGIN), { headers }), {
    params: Promise.resolve(options.params),
  });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}
