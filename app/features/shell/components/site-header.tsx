import type { ReactNode } from "react";
import { Logo } from "./logo";
import { InlineNav } from "./main-nav";
import { layer } from "~/ui/layers";

/** Spec §2 header: logo to /, the main navigation, and the account area. */
export function SiteHeader({ signedIn, account }: { signedIn: boolean; account?: ReactNode }) {
  return (
    <header className={`sticky top-0 ${layer.header} border-b border-slate-200 bg-white/95 backdrop-blur`}>
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <InlineNav signedIn={signedIn} />
        <div className="flex min-w-0 items-center justify-end">{account}</div>
      </div>
    </header>
  );
}
