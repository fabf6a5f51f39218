// GET|POST /api/auth/* - Auth.js: browser sign-in with Google or the development sign-in, session, sign-out (anyone)
// The /api/auth/<name> routes beside this folder are ours: Next matches static segments first.
import { handlers } from "@/server/auth/next-auth";
import { AUTH_FORM_LIMIT_BYTES, withBodyLimit } from "@/server/http/limit-body";

export const dynamic = "force-dynamic";

export const GET = handlers.GET;
// Auth.js reads a POST body whole: bound it first (413 past 64 KB, nothing buffered beyond).
export const POST = withBodyLimit(handlers.POST, AUTH_FORM_LIMIT_BYTES);
