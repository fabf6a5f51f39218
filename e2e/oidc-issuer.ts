// A real OIDC issuer on loopback standing in for Google during the end-to-end run
// (oauth2-mock-server). Tests choose who "signs in with Google" next by posting
// {email, name?, emailVerified?, origin} to /__e2e/next-identity before clicking the button;
// that identity is bound to the authorization code the issuer hands out for the app at
// `origin` (each Playwright worker has its own app server), and the ID token minted for that
// code carries it.
import { createServer } from "node:http";
import { OAuth2Issuer, OAuth2Service, type MutableToken } from "oauth2-mock-server";

const HOST = "127.0.0.1";
const PORT = Number(process.env.OIDC_ISSUER_PORT ?? 3199);

interface Identity {
  email: string;
  name?: string;
  emailVerified?: boolean;
  /** The app the identity is for; workers sign in at the same time on their own servers. */
  origin?: string;
}

const issuer = new OAuth2Issuer();
// Set explicitly: the library would otherwise name a loopback issuer "localhost", and the
// `iss` claim must equal AUTH_GOOGLE_ISSUER exactly.
issuer.url = `http://${HOST}:${PORT}`;
await issuer.keys.generate("RS256");
const service = new OAuth2Service(issuer);

const ANY_APP = "*";
const nextIdentityByOrigin = new Map<string, Identity>();
const identityByCode = new Map<string, Identity>();

service.on("beforeAuthorizeRedirect", (redirect: { url: URL }) => {
  const code = redirect.url.searchParams.get("code");
  const origin = redirect.url.origin;
  const key = nextIdentityByOrigin.has(origin) ? origin : ANY_APP;
  const identity = nextIdentityByOrigin.get(key);
  if (code && identity) identityByCode.set(code, identity);
  nextIdentityByOrigin.delete(key);
});

service.on("beforeTokenSigning", (token: MutableToken, req: { body?: { code?: string } }) => {
  const code = req.body?.code;
  const identity = code ? identityByCode.get(code) : undefined;
  if (!identity) return;
  Object.assign(token.payload, {
    sub: `e2e-${identity.email}`,
    email: identity.email,
    email_verified: identity.emailVerified ?? true,
    name: identity.name ?? identity.email.split("@")[0],
  });
});

const handle = service.requestHandler;

const server = createServer((req, res) => {
  if (req.method === "POST" && req.url === "/__e2e/next-identity") {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      try {
        const parsed = JSON.parse(body) as Identity;
        if (typeof parsed.email !== "string") throw new Error("email is required");
        nextIdentityByOrigin.set(parsed.origin ? new URL(parsed.origin).origin : ANY_APP, parsed);
        res.writeHead(204).end();
      } catch (error) {
        res.writeHead(400, { "Content-Type": "text/plain" }).end((error as Error).message);
      }
    });
    return;
  }
  handle(req, res);
});

server.listen(PORT, HOST, () => console.log(`e2e OIDC issuer on ${issuer.url}`));
