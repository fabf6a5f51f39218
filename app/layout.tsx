import type { Metadata } from "next";
import { headers } from "next/headers";
import { FlashToasts } from "@/components/auth/flash-toasts";
import { Providers } from "@/components/providers";
import { Toaster } from "@/components/ui/sonner";
import "./globals.css";

export const metadata: Metadata = {
  title: "Batch 2000 Raffle Dashboard",
  description: "Ticket generation, registration and sales for the batch 2000 raffle",
};

export default async function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  // The per-request CSP nonce from proxy.ts, for next-themes' inline script (Next puts it on its own).
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    // next-themes sets the `dark` class before hydration, so the server's markup differs on purpose.
    <html lang="en" suppressHydrationWarning>
      <body className="min-h-screen antialiased">
        <Providers defaultTheme="light" nonce={nonce}>
          {children}
          <Toaster />
          <FlashToasts />
        </Providers>
      </body>
    </html>
  );
}
