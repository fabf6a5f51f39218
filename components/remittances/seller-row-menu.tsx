"use client";

// A seller row's "More" menu on Remittances, loaded on its first use (lazyDropdownMenu, decision 179):
// the Radix menu is not part of the screen's first load.
import { Link } from "@/components/ui/link";
import { FileText, PackagePlus } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import type { LazyMenuProps } from "@/components/ui/lazy-dropdown-menu";

export function SellerRowMenu({
  trigger,
  sellerId,
  onHandOutStubs,
}: LazyMenuProps & { sellerId: string; onHandOutStubs: () => void }) {
  return (
    // Not modal, as the account menu: a modal menu aria-hides the rest of the page while its
    // focusable elements stay focusable (axe aria-hidden-focus, issue 26). Focus still moves into
    // the menu; Escape or a click outside closes it.
    <DropdownMenu modal={false} defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={onHandOutStubs}>
          <PackagePlus />
          Hand out stubs
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link href={`/dashboard/statement?seller=${sellerId}`}>
            <FileText />
            Statement
          </Link>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
