import {
  Archive,
  BarChart3,
  Banknote,
  Dices,
  FileText,
  LayoutDashboard,
  Scale,
  Settings,
  Ticket,
  TicketPlus,
  Users,
  type LucideIcon,
} from "lucide-react";

export interface NavItem {
  name: string;
  description: string;
  href: string;
  icon: LucideIcon;
  isAdminOnly: boolean;
  badge?: string;
}

/**
 * SPEC section 2, Layout: the sidebar entries in order, with Remittances, Reconciliation (issue 21), My Statement
 * (issue 20), Draw (issue 23) and Close-out (issue 24) before Settings.
 */
export const NAV_ITEMS: readonly NavItem[] = [
  {
    name: "Overview",
    description: "Dashboard overview",
    href: "/dashboard/overview",
    icon: LayoutDashboard,
    isAdminOnly: false,
  },
  { name: "Tickets", description: "Manage tickets", href: "/dashboard/tickets", icon: Ticket, isAdminOnly: true },
  {
    name: "Register Ticket",
    description: "Create new tickets",
    href: "/dashboard/register",
    icon: TicketPlus,
    isAdminOnly: false,
  },
  { name: "Analytics", description: "View reports", href: "/dashboard/analytics", icon: BarChart3, isAdminOnly: true },
  {
    name: "Admin Dashboard",
    description: "User progress monitoring",
    href: "/dashboard/admin",
    icon: Users,
    isAdminOnly: true,
    badge: "Admin",
  },
  {
    name: "Remittances",
    description: "Stubs and cash owed",
    href: "/dashboard/remittances",
    icon: Banknote,
    isAdminOnly: true,
  },
  {
    name: "Reconciliation",
    description: "Statements matched to payments",
    href: "/dashboard/reconciliation",
    icon: Scale,
    isAdminOnly: true,
  },
  {
    name: "My Statement",
    description: "Stubs, cash, receipts",
    href: "/dashboard/statement",
    icon: FileText,
    isAdminOnly: false,
  },
  { name: "Draw", description: "Prizes, draw and winners", href: "/dashboard/draw", icon: Dices, isAdminOnly: true },
  {
    name: "Close-out",
    description: "Close, archive, remove personal data",
    href: "/dashboard/closeout",
    icon: Archive,
    isAdminOnly: true,
  },
  { name: "Settings", description: "App settings", href: "/dashboard/settings", icon: Settings, isAdminOnly: true },
];

export function navItemsFor(isAdmin: boolean): NavItem[] {
  return NAV_ITEMS.filter((item) => isAdmin || !item.isAdminOnly);
}

export function isActiveHref(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** SPEC section 2: first letter of displayName, else of email, else 'U'. */
export function avatarLetter(user: { displayName?: string | null; email?: string | null }): string {
  const source = user.displayName?.trim() || user.email?.trim() || "U";
  return source.charAt(0).toUpperCase();
}
