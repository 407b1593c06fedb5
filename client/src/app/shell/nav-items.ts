import {
  BarChart3,
  BookOpen,
  CalendarCog,
  CalendarDays,
  Compass,
  Handshake,
  HeartHandshake,
  Home,
  LayoutDashboard,
  type LucideIcon,
  Mail,
  Plug,
  Radio,
  Settings,
  Sprout,
  Trophy,
  Users,
  Video,
} from "lucide-react";

export type TNavItem = {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Paths that activate the item exactly; without it the item also matches its sub-paths. */
  exact?: string[];
};

/** Spec 2 Shell layout: member links. */
export const MEMBER_NAV: TNavItem[] = [
  { label: "Dashboard", href: "/", icon: Home, exact: ["/"] },
  { label: "Sermons", href: "/sermons", icon: BookOpen },
  { label: "Events", href: "/events", icon: CalendarDays },
  { label: "Live Stream", href: "/live", icon: Radio },
  { label: "Prayer Requests", href: "/prayer-requests", icon: HeartHandshake },
  { label: "Prayer Chain", href: "/prayer-partners", icon: Handshake },
  { label: "Member Recognition", href: "/kudos", icon: Trophy },
  { label: "Growth Journey", href: "/growth", icon: Sprout },
  { label: "Onboarding Journey", href: "/onboarding", icon: Compass },
];

/** Spec 2 Shell layout: the Administration section (ADMIN and SUPER_ADMIN only). */
export const ADMIN_NAV: TNavItem[] = [
  { label: "Admin Home", href: "/admin", icon: LayoutDashboard, exact: ["/admin", "/admin/dashboard"] },
  { label: "Manage Sermons", href: "/admin/sermons", icon: Video },
  { label: "Manage Events", href: "/admin/events", icon: CalendarCog },
  { label: "Manage Members", href: "/admin/members", icon: Users },
  { label: "Send Invitations", href: "/admin/invitations", icon: Mail },
  { label: "Integrations", href: "/admin/integrations", icon: Plug },
  { label: "Growth Analytics", href: "/admin/growth", icon: BarChart3 },
  { label: "Church Settings", href: "/admin/settings", icon: Settings },
];

export function isNavItemActive(item: TNavItem, location: string): boolean {
  const path = location.replace(/\/+$/, "") || "/";
  if (item.exact) return item.exact.includes(path);
  return path === item.href || path.startsWith(`${item.href}/`);
}
