import {
  Award,
  BookOpen,
  BookOpenCheck,
  CalendarHeart,
  CirclePlay,
  Flame,
  Footprints,
  HandHeart,
  HeartHandshake,
  Library,
  type LucideIcon,
  Sprout,
  UserCheck,
} from "lucide-react";
import { cn } from "@/lib/utils";

/** The lucide icons named by common/badges.ts (`icon`); an unknown name falls back to an award. */
const ICONS: Record<string, LucideIcon> = {
  "hand-heart": HandHeart,
  "user-check": UserCheck,
  "play-circle": CirclePlay,
  sprout: Sprout,
  "heart-handshake": HeartHandshake,
  award: Award,
  "book-open-check": BookOpenCheck,
  "book-open": BookOpen,
  library: Library,
  footprints: Footprints,
  flame: Flame,
  "calendar-heart": CalendarHeart,
};

export function getBadgeIcon(name: string | null | undefined): LucideIcon {
  return (name && ICONS[name]) || Award;
}

/** A badge's round emblem and title (the title is the accessible name; the icon is decoration). */
export function BadgeEmblem({ icon, title, className }: { icon: string; title: string; className?: string }) {
  const Icon = getBadgeIcon(icon);
  return (
    <li className={cn("flex min-w-0 flex-col items-center gap-1.5 text-center", className)}>
      <span className="flex size-12 items-center justify-center rounded-full border border-brand-border bg-brand-soft text-brand-text">
        <Icon className="size-6" aria-hidden="true" />
      </span>
      <span className="text-xs leading-tight font-medium break-words text-foreground">{title}</span>
    </li>
  );
}
