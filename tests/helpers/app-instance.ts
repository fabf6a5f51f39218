// A separate app instance for the multi-instance tests: its own Node process, its own database
// pool and module state (anything a process could cache), serving the real route handlers over
// HTTP against the DATABASE_URL it is given. It prints `listening <port>` when ready; its request
// log lines (enable_api_logging) go to its stdout like a real server's.
//   tsx --conditions=react-server tests/helpers/app-instance.ts   (PORT=0 picks a free port)
import http from "node:http";
import { Readable } from "node:stream";
import { NextRequest } from "next/server";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>;

const routes: Record<string, () => Promise<Record<string, unknown>>> = {
  "/api/health": () => import("@/app/api/health/route"),
  "/api/settings": () => import("@/app/api/settings/route"),
  "/api/auth/profile": () => import("@/app/api/auth/profile/route"),
  "/api/tickets/generate": () => import("@/app/api/tickets/generate/route"),
};

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
    const load = routes[url.pathname];
    const handler = load ? ((await load())[req.method ?? "GET"] as Handler | undefined) : undefined;
    if (!handler) {
      res.writeHead(404).end();
      return;
    }
    const hasBody = req.method !== "GET" && req.method !== "HEAD";
    const request = new NextRequest(url, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([k, v]) =>
        Array.isArray(v) ? v.map((x) => [k, x]) : v === undefined ? [] : [[k, v]],
      ) as [string, string][],
      body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
      duplex: "half",
    } as ConstructorParameters<typeof NextRequest>[1]);
    const response = await handler(request, { params: Promise.resolve({}) });
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    process.stderr.write(`instance error: ${(error as Error).stack}\n`);
    res.writeHead(500).end();
  }
});

server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === "object" && address ? address.port : 0}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
