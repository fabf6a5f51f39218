// What scripts/start.mjs answers itself, before Next sees the request (docs/decisions/038, 063):
// a method the app does not serve (TRACE, CONNECT, …) is 405 — Next answered TRACE with a bare
// 500 — and a malformed /api path (`%ff`, `%2e%2e`) is the API's JSON 400, which Next would
// answer with a plain-text 500 or a redirect. Both carry every security header.
import { clearTimeout, setImmediate, setTimeout } from "node:timers";
import { SERVED_METHODS, securityHeaderObject } from "./base-headers.mjs";
import { apiPathProblem, badApiPathBody, isApiPath } from "./request-path.mjs";

/** Answers the request and returns true, or returns false for Next to serve it. */
export function answerBeforeNext(req, res) {
  const rawPath = (req.url ?? "/").split("?")[0];
  if (!SERVED_METHODS.includes(req.method ?? "")) {
    res.writeHead(405, {
      ...securityHeaderObject({ isApi: true }),
      allow: SERVED_METHODS.join(", "),
      "content-type": "application/json",
    });
    res.end(
      JSON.stringify({ success: false, code: "method_not_allowed", message: `Method ${req.method} is not allowed` }),
    );
    return true;
  }
  const problem = isApiPath(rawPath) ? apiPathProblem(rawPath) : null;
  if (!problem) return false;
  res.writeHead(400, { ...securityHeaderObject({ isApi: true }), "content-type": "application/json" });
  res.end(JSON.stringify(badApiPathBody(problem)));
  return true;
}

/** How long a connection whose answer left before its body stays open for the client to read it. */
export const LINGER_MS = 2_000;

/**
 * An answer that leaves before its request's body has all arrived (a 401 before the body is read,
 * a 413 on the declared size) closes the connection without reading the rest of the body (issue 25
 * item 1, docs/decisions/134). Kept alive, Node would read the rest off the wire and throw it away
 * so the connection could carry a next request: everything the client had in flight (megabytes a
 * connection on a fast link) went through the server's memory after all. Instead the answer says
 * `Connection: close`; once it is written the server sends its FIN, stops reading (the unread
 * bytes stay in the kernel, and the client's window closes), and destroys the socket after
 * LINGER_MS (paused, it does not see the client's own close sooner). Closing at once would reset the connection while
 * the client may still be reading the answer (a client busy writing saw EPIPE instead of its 401). A request whose body
 * was read in full keeps its connection as before.
 */
export function closeWhenAnsweredUnread(req, res) {
  if (!requestHasBody(req)) return;
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadClosingUnread(...args) {
    if (!req.complete && !res.headersSent) {
      res.shouldKeepAlive = false;
      res.setHeader("connection", "close");
      lingerInsteadOfDraining(req.socket);
    }
    return writeHead.apply(this, args);
  };
}

function requestHasBody(req) {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

/**
 * Node ends a `Connection: close` exchange with socket.destroySoon() (after it has set the unread
 * request flowing to discard it). This socket's own destroySoon ends the write side, stops
 * reading once that discarding has started, and destroys the socket after LINGER_MS. Should Node stop calling
 * destroySoon, it ends the socket itself and the rest of the body is read and discarded: the old behaviour, never a
 * lost answer.
 */
function lingerInsteadOfDraining(socket) {
  if (!socket || socket.destroySoon === undefined || Object.hasOwn(socket, "destroySoon")) return;
  socket.destroySoon = function lingeringClose() {
    if (this.writable) this.end();
    setImmediate(() => this.pause());
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once("close", () => clearTimeout(timer));
  };
}
