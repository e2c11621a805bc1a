import type { Metadata, Viewport } from "next";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Cardmail", template: "%s · Cardmail" },
  description: "Greeting cards mailed for you: an address book, a card catalog, prepaid credit and delivery tracking, in the browser and over a REST API.",
};

export const viewport: Viewport = {
  themeColor: "#c2413b",
};

export default function RootLayout({ children }: Readonly<{ children: React.ReactNode }>) {
  return (
    <html lang="en">
      <body className="min-h-dvh">{children}</body>
    </html>
  );
}
