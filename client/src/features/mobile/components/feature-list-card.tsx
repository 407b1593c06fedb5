import { BellRing, Home, type LucideIcon, RefreshCw, WifiOff, Zap } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { useT } from "@/lib/i18n";
import { mobileCatalog } from "../i18n";

const FEATURES: Array<{ icon: LucideIcon; key: "home" | "push" | "offline" | "fast" | "updates" }> = [
  { icon: Home, key: "home" },
  { icon: BellRing, key: "push" },
  { icon: WifiOff, key: "offline" },
  { icon: Zap, key: "fast" },
  { icon: RefreshCw, key: "updates" },
];

/** Spec 2 Mobile app settings: the feature description list. */
export function FeatureListCard() {
  const t = useT(mobileCatalog);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("features.title")}</CardTitle>
        <CardDescription>{t("features.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4 sm:grid-cols-2">
          {FEATURES.map(({ icon: Icon, key }) => (
            <li key={key} className="flex gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-soft text-brand-text">
                <Icon className="size-[18px]" aria-hidden="true" />
              </span>
              <span className="grid content-start gap-0.5">
                <span className="text-sm font-medium text-foreground">{t(`features.${key}.title`)}</span>
                <span className="text-sm text-muted-foreground">{t(`features.${key}.text`)}</span>
              </span>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
