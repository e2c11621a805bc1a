import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import { Toasts } from "@/components/ui/toast";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Cardmail", template: "%s · Cardmail" },
  description: "Greeting cards mailed for you: an address book, a card catalog, prepaid credit and delivery tracking, in the browser and over a REST API.",
};

export const viewport: Viewport = {
  themeColor: "#c2413b",
};

export default async function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  // Every page renders per request: its scripts carry the nonce of the request's policy
  // (proxy.ts), which a page prerendered at build time could not know.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-dvh">
        {children}
        <Toasts />
      </body>
    </html>
  );
}
