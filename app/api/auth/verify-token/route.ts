// POST /api/auth/verify-token - is this bearer token (body `token`, else the caller's own credentials) still good?
// (token holders)
import { type VerifyTokenAnswer, verifyTokenSchema } from "@/lib/schemas/user";
import { resolveSession, BEARER_TOKEN_PATTERN } from "@/server/auth/sessions";
import { apiRoute } from "@/server/http/api-route";
import { AppError } from "@/server/http/errors";
import { toAuthUser } from "@/server/users/serialize-user";

export const dynamic = "force-dynamic";

export const POST = apiRoute({ access: "public", body: verifyTokenSchema }, async ({ body, principal }) => {
  let user = body.token === undefined ? principal?.user : undefined;
  if (body.token !== undefined && BEARER_TOKEN_PATTERN.test(body.token)) {
    const session = await resolveSession({ token: body.token });
    if (session?.kind === "bearer") user = session.user;
  }
  if (!user) throw new AppError("unauthorized", "Invalid or expired token");
  return { success: true, valid: true, user: toAuthUser(user) } satisfies VerifyTokenAnswer;
});
