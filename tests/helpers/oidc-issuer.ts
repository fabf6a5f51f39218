import { randomUUID } from "node:crypto";
import { OAuth2Server } from "oauth2-mock-server";
import { clearGoogleKeyCache } from "@/server/auth/google-id-token";
import { resetEnvCache } from "@/server/env";

export const WEB_CLIENT_ID = "web-client.apps.googleusercontent.com";
export const MOBILE_CLIENT_ID = "mobile-client.apps.googleusercontent.com";

export interface LocalIssuer {
  server: OAuth2Server;
  url: string;
  /** An ID token signed by the issuer's key; `claims` are merged over sensible defaults. */
  idToken(claims?: Record<string, unknown>, options?: { expiresIn?: number }): Promise<string>;
  stop(): Promise<void>;
}

const ENV_KEYS = ["AUTH_GOOGLE_ISSUER", "AUTH_GOOGLE_ID", "AUTH_GOOGLE_SECRET", "GOOGLE_MOBILE_CLIENT_IDS"] as const;

/**
 * A real OIDC issuer on loopback standing in for Google (discovery document, JWKS, authorize
 * and token endpoints), with the app's Google settings pointed at it until stop().
 */
export async function startLocalIssuer(): Promise<LocalIssuer> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate("RS256");
  await server.start(0, "127.0.0.1");
  const url = server.issuer.url!;
  const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
  process.env.AUTH_GOOGLE_ISSUER = url;
  process.env.AUTH_GOOGLE_ID = WEB_CLIENT_ID;
  process.env.AUTH_GOOGLE_SECRET = "web-client-secret";
  process.env.GOOGLE_MOBILE_CLIENT_IDS = MOBILE_CLIENT_ID;
  resetEnvCache();
  clearGoogleKeyCache();
  return {
    server,
    url,
    idToken: (claims = {}, options = {}) =>
      server.issuer.buildToken({
        expiresIn: options.expiresIn,
        scopesOrTransform: (_header, payload) => {
          // A fresh jti, as Google's tokens carry: two tokens of one second are not the same token.
          Object.assign(
            payload,
            {
              jti: randomUUID(),
              aud: WEB_CLIENT_ID,
              sub: "google-sub-1",
              email_verified: true,
              name: "Google Name",
              picture: "https://example.com/p.png",
            },
            claims,
          );
        },
      }),
    async stop() {
      await server.stop();
      for (const k of ENV_KEYS) {
        if (saved[k] === undefined) delete process.env[k];
        else process.env[k] = saved[k];
      }
      resetEnvCache();
      clearGoogleKeyCache();
    },
  };
}
