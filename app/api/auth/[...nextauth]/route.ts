// GET|POST /api/auth/* - Auth.js: browser sign-in with Google or the development sign-in, session, sign-out (anyone)
// The /api/auth/<name> routes beside this folder are ours: Next matches static segments first.
import { handlers } from "@/server/auth/next-auth";

export const dynamic = "force-dynamic";

export const { GET, POST } = handlers;
