// What scripts/start.mjs answers itself, before Next sees the request (docs/decisions/038, 063):
// a method the app does not serve (TRACE, CONNECT, …) is 405 — Next answered TRACE with a bare
// 500 — and a malformed /api path (`%ff`, `%2e%2e`) is the API's JSON 400, which Next would
// answer with a plain-text 500 or a redirect. Both carry every security header.
import { SERVED_METHODS, securityHeaderObject } from "./base-headers.mjs";
import { apiPathProblem, badApiPathBody, isApiPath } from "./request-path.mjs";

/** Answers the request and returns true, or returns false for Next to serve it. */
export function answerBeforeNext(req, res) {
  const rawPath = (req.url ?? "/").split("?")[0];
  if (!SERVED_METHODS.includes(req.method ?? "")) {
    res.writeHead(405, { ...securityHeaderObject({ isApi: true }), allow: SERVED_METHODS.join(", "), "content-type": "application/json" });
    res.end(JSON.stringify({ success: false, code: "method_not_allowed", message: `Method ${req.method} is not allowed` }));
    return true;
  }
  const problem = isApiPath(rawPath) ? apiPathProblem(rawPath) : null;
  if (!problem) return false;
  res.writeHead(400, { ...securityHeaderObject({ isApi: true }), "content-type": "application/json" });
  res.end(JSON.stringify(badApiPathBody(problem)));
  return true;
}
