// Issue 25 item 1 on the socket: an answer that leaves before its request's body closes the
// connection without reading the rest (lib/front-door.mjs, docs/decisions/134), and still
// reaches the client that is busy sending.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { LINGER_MS, closeWhenAnsweredUnread } from "@/lib/front-door.mjs";

const MB = 1024 * 1024;
let server: http.Server | undefined;

afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

/** A server that answers 401 at once, unread, unless the path is /read (reads the body, then 200). */
async function startServer(guarded: boolean) {
  const socketsRead: number[] = [];
  server = http.createServer((req, res) => {
    if (guarded) closeWhenAnsweredUnread(req, res);
    if (req.url === "/read") {
      req.resume();
      req.on("end", () => res.writeHead(200, { "content-type": "text/plain" }).end("read"));
      return;
    }
    res.writeHead(401, { "content-type": "application/json" }).end('{"code":"unauthorized"}');
  });
  server.on("connection", (socket) => socket.on("close", () => socketsRead.push(socket.bytesRead)));
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return { port: (server.address() as AddressInfo).port, socketsRead };
}

/**
 * Sends `bytes` declared in Content-Length as fast as the server takes them until the answer,
 * then closes, as a browser does; any socket error (EPIPE, ECONNRESET) is recorded.
 */
function post(port: number, path: string, bytes: number) {
  return new Promise<{ status: number; connection?: string; errors: string[] }>((resolve) => {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    const errors: string[] = [];
    let sent = 0;
    let answered = false;
    const req = http.request({
      host: "127.0.0.1",
      port,
      path,
      method: "POST",
      agent: false,
      headers: { "content-length": String(bytes) },
    });
    const pump = () => {
      while (!answered && sent < bytes) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", pump);
      }
    };
    req.on("error", (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
    req.on("response", (res) => {
      answered = true;
      res.resume();
      res.on("end", () => {
        // Give a reset a moment to arrive, then close as the browser would.
        setTimeout(() => {
          req.destroy();
          resolve({ status: res.statusCode!, connection: res.headers.connection, errors });
        }, 100);
      });
    });
    pump();
  });
}

describe("an answer that leaves before the body", () => {
  // Without the guard, plain Node closes such a connection at once, and the client still sending
  // gets EPIPE after (or instead of) its 401; behind Next the connection stayed open and the
  // server read every byte the client had in flight (112 MB for 30 anonymous 24 MB imports).
  it("reaches a client that is still sending, cleanly, closes the connection, and leaves the body unread", async () => {
    const { port, socketsRead } = await startServer(true);
    const started = Date.now();
    const results = await Promise.all(Array.from({ length: 5 }, () => post(port, "/", 64 * MB)));
    for (const result of results) expect(result).toEqual({ status: 401, connection: "close", errors: [] });
    // The server closed every connection (when the client did, or after LINGER_MS at worst).
    await expect.poll(() => socketsRead.length, { timeout: LINGER_MS + 1_000 }).toBe(5);
    expect(Date.now() - started).toBeLessThan(LINGER_MS + 1_000);
    // Each connection read what arrived before the answer, not the megabytes in flight after it.
    for (const bytes of socketsRead) expect(bytes).toBeLessThan(2 * MB);
  });

  it("keeps the connection of a request whose body was read", async () => {
    const { port } = await startServer(true);
    const result = await new Promise<{ status: number; connection?: string }>((resolve, reject) => {
      const req = http.request({
        host: "127.0.0.1",
        port,
        path: "/read",
        method: "POST",
        agent: new http.Agent({ keepAlive: true }),
      });
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => {
          resolve({ status: res.statusCode!, connection: res.headers.connection });
          req.socket?.destroy();
        });
      });
      req.on("error", reject);
      req.end(Buffer.alloc(MB));
    });
    expect(result).toEqual({ status: 200, connection: "keep-alive" });
  });
});
