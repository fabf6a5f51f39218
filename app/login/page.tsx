import { redirect } from "next/navigation";
import { LoginScreen } from "@/components/auth/login-screen";
import { signInErrorMessage } from "@/components/auth/sign-in-errors";
import { getCurrentUser } from "@/server/auth/current-user";
import { isDevLoginCodeRequired } from "@/server/auth/dev-login-code";
import { isDevLoginEnabled, isGoogleConfigured } from "@/server/auth/next-auth";
import { hasAnyUser } from "@/server/auth/setup-state";
import { readAppearance } from "@/server/settings/appearance";
import { signInWithDevLogin, signInWithGoogle } from "./actions";

export const dynamic = "force-dynamic";

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ error?: string | string[] }> }) {
  // A signed-in visitor goes straight on (a server redirect replaces the history entry).
  if (await getCurrentUser()) redirect("/dashboard");
  const { error } = await searchParams;
  return (
    <LoginScreen
      errorMessage={signInErrorMessage(Array.isArray(error) ? error[0] : error)}
      isGoogleConfigured={isGoogleConfigured()}
      isDevLoginEnabled={isDevLoginEnabled()}
      isDevLoginCodeRequired={isDevLoginCodeRequired()}
      needsFirstAdmin={!(await hasAnyUser())}
      tagline={(await readAppearance()).tagline}
      signInWithGoogle={signInWithGoogle}
      signInWithDevLogin={signInWithDevLogin}
    />
  );
}
