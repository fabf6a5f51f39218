import type { Metadata } from "next";
import { FlashToasts } from "@/components/auth/flash-toasts";
import { Toaster } from "@/components/ui/sonner";
import "./globals.css";

export const metadata: Metadata = {
  title: "Batch 2000 Raffle Dashboard",
  description: "Ticket generation, registration and sales for the batch 2000 raffle",
};

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="en">
      <body className="min-h-screen antialiased">
        {children}
        <Toaster />
        <FlashToasts />
      </body>
    </html>
  );
}
