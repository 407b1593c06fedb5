import { ChevronRight, Compass, HeartHandshake, LogOut, Sprout } from "lucide-react";
import { QuickActionGrid } from "@/components/quick-action-grid";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { useSignOut } from "@/lib/current-user";
import { useT } from "@/lib/i18n";
import { profileCatalog } from "../i18n";

const LINKS = [
  { key: "growth", href: "/growth", icon: Sprout },
  { key: "prayer", href: "/prayer-requests", icon: HeartHandshake },
  { key: "onboarding", href: "/onboarding", icon: Compass },
] as const;

/** Spec 2 Profile: Quick Actions (Sign Out), with the member's two journeys and the prayer wall. */
export function QuickActionsCard() {
  const t = useT(profileCatalog);
  const signOut = useSignOut();
  const actions = LINKS.map(({ key, href, icon }) => ({
    label: t(`quick.${key}`),
    description: t(`quick.${key}Description`),
    href,
    icon,
  }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("quick.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        <QuickActionGrid actions={actions} singleColumn />
        <button
          type="button"
          onClick={() => signOut()}
          className="group flex items-center gap-3 rounded-xl border border-border p-3 text-start transition-colors hover:border-red-200 hover:bg-red-50"
        >
          <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-red-50 text-red-700 group-hover:bg-card">
            <LogOut className="size-[18px]" aria-hidden="true" />
          </span>
          <span className="flex-1 text-sm font-medium text-red-700">{t("quick.signOut")}</span>
          <ChevronRight className="rtl:-scale-x-100 size-4 shrink-0 text-stone-400" aria-hidden="true" />
        </button>
      </CardContent>
    </Card>
  );
}
