import type { Metadata } from "next";
import { headers } from "next/headers";
import { FlashToasts } from "@/components/auth/flash-toasts";
import { Providers } from "@/components/providers";
import { Toaster } from "@/components/ui/sonner";
import { readAppearance } from "@/server/settings/appearance";
import "./globals.css";

/** The page title and description are the site_name and site_description settings. */
export async function generateMetadata(): Promise<Metadata> {
  const { title, description } = await readAppearance();
  return { title, description };
}

export default async function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  // The per-request CSP nonce from proxy.ts, for next-themes' inline script (Next puts it on its own).
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  // dark_mode is the default theme (a person's own choice, kept in their browser, wins);
  // primary_color arrives as CSS variables on <html>.
  const appearance = await readAppearance();
  return (
    // next-themes sets the `dark` class before hydration, so the server's markup differs on purpose.
    <html lang="en" suppressHydrationWarning style={appearance.style as React.CSSProperties}>
      <body className="min-h-screen antialiased">
        <Providers defaultTheme={appearance.defaultTheme} nonce={nonce}>
          {children}
          <Toaster />
          <FlashToasts />
        </Providers>
      </body>
    </html>
  );
}
