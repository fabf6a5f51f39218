"use client";

import { Link } from "@/components/ui/link";
import { usePathname } from "next/navigation";
import { X } from "lucide-react";
import { Logo } from "@/components/brand/logo";
import { isActiveHref, navItemsFor } from "@/components/dashboard/nav-items";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { RAFFLE_TITLE } from "@/lib/constants";
import { cn } from "@/lib/utils";

interface SidebarProps {
  /** The Site Name setting. */
  siteName?: string;
  isAdmin: boolean;
  isOpen: boolean;
  onClose: () => void;
}

/**
 * 16rem wide. From the lg breakpoint it sits beside the page; below it, it is a drawer that
 * slides in over a dim overlay and is hidden (not just moved off-screen) while closed.
 */
export function Sidebar({ siteName = RAFFLE_TITLE, isAdmin, isOpen, onClose }: SidebarProps) {
  const pathname = usePathname();
  const items = navItemsFor(isAdmin);

  return (
    <>
      {isOpen && (
        <div
          data-testid="sidebar-overlay"
          aria-hidden="true"
          className="animate-overlay-in fixed inset-0 z-40 bg-black/50 lg:hidden"
          onClick={onClose}
        />
      )}
      <aside
        id="app-sidebar"
        data-state={isOpen ? "open" : "closed"}
        className={cn(
          "fixed inset-y-0 left-0 z-50 flex w-64 flex-col border-r border-sidebar-border bg-sidebar " +
            "text-sidebar-foreground transition-[translate,visibility] duration-300 ease-out",
          "lg:sticky lg:top-0 lg:z-auto lg:h-screen lg:translate-x-0 lg:visible",
          isOpen ? "translate-x-0" : "invisible -translate-x-full",
        )}
      >
        <div className="flex h-16 items-center gap-3 border-b border-sidebar-border px-4">
          <Logo className="size-9" />
          <div className="min-w-0 flex-1">
            {/* Two lines rather than cut: the title is the raffle's name. */}
            <p data-testid="sidebar-title" className="text-sm leading-tight font-bold text-balance">
              {siteName}
            </p>
            <p className="text-xs text-muted-foreground">Dashboard</p>
          </div>
          <Button variant="ghost" size="icon" className="lg:hidden" onClick={onClose} aria-label="Close menu">
            <X />
          </Button>
        </div>
        <nav aria-label="Main" className="flex-1 space-y-1 overflow-y-auto p-3">
          {items.map((item, index) => {
            const isActive = isActiveHref(pathname, item.href);
            const Icon = item.icon;
            return (
              <Link
                key={item.href}
                href={item.href}
                onClick={onClose}
                aria-current={isActive ? "page" : undefined}
                style={{ animationDelay: `${index * 0.1}s` }}
                className={cn(
                  "animate-nav-item group flex items-center gap-3 rounded-lg px-3 py-2.5 transition-colors",
                  isActive
                    ? "bg-sidebar-accent text-sidebar-accent-foreground shadow-xs"
                    : "hover:bg-sidebar-accent/60 hover:text-sidebar-accent-foreground",
                )}
              >
                <Icon
                  className={cn(
                    "size-5 shrink-0",
                    isActive ? "text-primary" : "text-muted-foreground group-hover:text-primary",
                  )}
                />
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-1.5 text-sm font-medium whitespace-nowrap">
                    {item.name}
                    {item.badge && (
                      <Badge
                        variant="secondary"
                        className={
                          "bg-purple-100 px-1.5 py-0 text-[10px] text-purple-700 " +
                          "dark:bg-purple-900/60 dark:text-purple-200"
                        }
                      >
                        {item.badge}
                      </Badge>
                    )}
                  </span>
                  {/* Muted grey on the active item's tint is below 4.5:1 (axe); its own colour is not. */}
                  <span
                    className={cn(
                      "block truncate text-xs",
                      isActive ? "text-sidebar-accent-foreground" : "text-muted-foreground",
                    )}
                  >
                    {item.description}
                  </span>
                </span>
              </Link>
            );
          })}
        </nav>
      </aside>
    </>
  );
}
