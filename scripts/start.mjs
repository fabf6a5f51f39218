// `npm start`: the production server. What `next start` does, plus what it cannot be told:
// - it listens on HOSTNAME (the variable Next's standalone server reads; `next start` ignores
//   it and listens on every interface) and PORT, unless -H/--hostname or -p/--port say otherwise;
// - it bounds slow clients: request headers must arrive within HEADERS_TIMEOUT_MS (10 s) and a
//   whole request within REQUEST_TIMEOUT_MS (300 s, the longest client timeout: CSV import).
// - it keeps an idle keep-alive connection KEEP_ALIVE_TIMEOUT_MS (65 s, not Node's 5 s): a client
//   that sends its next request just as the server closes the idle socket gets ECONNRESET, and a
//   load balancer's idle timeout (commonly 60 s) must be the shorter of the two.
// - it answers a malformed /api path (`%ff`, `%2e%2e`) with the API's JSON 400 before Next,
//   which would answer a plain-text 500 or a redirect (proxy.ts does the same for requests
//   without a body, also under `next dev`).
// - it gives the app the client's address from the socket (lib/client-address.mjs): forwarding
//   headers count only when the socket is one of TRUSTED_PROXIES (docs/decisions/061).
// - an answer that leaves before its request's body has arrived (401 unread, 413) closes the
//   connection instead of letting Node read the rest of the body off the wire (decision 134).
// Request bodies are bounded by size in the route handlers (413); see docs/decisions/038.
import { createServer } from "node:http";
import { setTimeout } from "node:timers";
import { CLIENT_ADDRESS_ENV, parseTrustedProxies, stampClientAddress } from "../lib/client-address.mjs";
import { answerBeforeNext, closeWhenAnsweredUnread } from "../lib/front-door.mjs";

process.env.NODE_ENV ??= "production";
process.env.NEXT_TELEMETRY_DISABLED ??= "1";

/** `-p 3000`, `--port=3000`, `-H host`, `--hostname host`. */
function readFlags(argv) {
  const flags = {};
  for (let i = 0; i < argv.length; i++) {
    const [name, inline] = argv[i].split("=", 2);
    const value = () => inline ?? argv[++i];
    if (name === "-p" || name === "--port") flags.port = value();
    else if (name === "-H" || name === "--hostname") flags.hostname = value();
    else throw new Error(`unknown option ${argv[i]} (use -p/--port and -H/--hostname, or PORT and HOSTNAME)`);
  }
  return flags;
}

function positiveInt(name, value, fallback) {
  if (value === undefined || value === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) {
    console.error(`${name} must be a positive whole number (got "${value}")`);
    process.exit(1);
  }
  return n;
}

const flags = readFlags(process.argv.slice(2));
const hostname = flags.hostname || process.env.HOSTNAME || "0.0.0.0";
const port = positiveInt("PORT", flags.port ?? process.env.PORT, 3000);
const headersTimeout = positiveInt("HEADERS_TIMEOUT_MS", process.env.HEADERS_TIMEOUT_MS, 10_000);
const requestTimeout = positiveInt("REQUEST_TIMEOUT_MS", process.env.REQUEST_TIMEOUT_MS, 300_000);
const keepAliveTimeout = positiveInt("KEEP_ALIVE_TIMEOUT_MS", process.env.KEEP_ALIVE_TIMEOUT_MS, 65_000);

let trustedProxies;
try {
  trustedProxies = parseTrustedProxies(process.env.TRUSTED_PROXIES);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
// The app believes the address header only when this process wrote it.
process.env[CLIENT_ADDRESS_ENV] = "1";

const { default: next } = await import("next");
const app = next({ dev: false, hostname, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer(
  {
    headersTimeout,
    requestTimeout,
    // Node checks both timeouts on this interval; its default (30 s) would let a stalled
    // header live up to 40 s.
    connectionsCheckingInterval: Math.min(1000, headersTimeout),
  },
  (req, res) => {
    stampClientAddress(req, trustedProxies);
    closeWhenAnsweredUnread(req, res);
    if (!answerBeforeNext(req, res)) handle(req, res);
  },
);
server.keepAliveTimeout = keepAliveTimeout;

server.listen(port, hostname, () => {
  console.log(`▲ Ready on http://${hostname.includes(":") ? `[${hostname}]` : hostname}:${port}`);
});

// Finish what is in flight, take the backup at stop when automatic backups are on (the app sets
// __raffleBeforeExit, server/backup/backup-service.ts), close the database (the embedded one's thread
// shuts PostgreSQL down cleanly: server/db/client.ts, decision 190), then exit (process managers send
// SIGTERM). A second signal (Ctrl+C reaches `npm run local` and this process both) does not cut it short.
let stopping = false;
const closeDatabase = () =>
  Promise.race([
    Promise.resolve(globalThis.__raffleCloseDb?.()).catch(() => {}),
    new Promise((resolve) => setTimeout(resolve, 10_000).unref()),
  ]);
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    const beforeExit = globalThis.__raffleBeforeExit;
    // Idle keep-alive connections would hold server.close() open: 5 s of grace is enough for them.
    const closed = Promise.race([
      new Promise((resolve) => server.close(resolve)),
      new Promise((resolve) => setTimeout(resolve, 5_000).unref()),
    ]);
    Promise.all([closed, Promise.resolve(beforeExit?.()).catch(() => {})])
      .then(closeDatabase)
      .then(() => process.exit(0));
    setTimeout(() => process.exit(0), beforeExit ? 130_000 : 15_000).unref();
  });
}
