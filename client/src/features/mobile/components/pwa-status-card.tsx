import { CheckCircle2, CircleDashed, type LucideIcon, XCircle } from "lucide-react";
import { Badge, type TBadgeTone } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { type TTranslate, useT } from "@/lib/i18n";
import { mobileCatalog } from "../i18n";
import { type TPwaStatus, usePwaStatus } from "../use-pwa-status";

type TRow = { label: string; value: string; tone: TBadgeTone; icon: LucideIcon };

const yes = (label: string, value: string): TRow => ({ label, value, tone: "green", icon: CheckCircle2 });
const no = (label: string, value: string): TRow => ({ label, value, tone: "grey", icon: XCircle });

function getRows(status: TPwaStatus, t: TTranslate<typeof mobileCatalog.en>): TRow[] {
  const worker: TRow =
    status.worker === "checking"
      ? { label: t("status.worker"), value: t("status.checking"), tone: "blue", icon: CircleDashed }
      : status.worker === "registered"
        ? yes(t("status.worker"), t("status.registered"))
        : { label: t("status.worker"), value: t("status.notRegistered"), tone: "red", icon: XCircle };
  const network = status.isOnline
    ? yes(
        t("status.network"),
        status.connection ? t("status.onlineVia", { connection: status.connection }) : t("status.online"),
      )
    : { label: t("status.network"), value: t("status.offline"), tone: "amber" as const, icon: XCircle };
  return [
    status.isInstalled
      ? yes(t("status.installed.label"), t("status.installed"))
      : no(t("status.installed.label"), t("status.notInstalled")),
    worker,
    status.isPushSupported
      ? yes(t("status.push"), t("status.supported"))
      : no(t("status.push"), t("status.notSupported")),
    status.isOfflineReady
      ? yes(t("status.offlineSupport"), t("status.available"))
      : no(t("status.offlineSupport"), t("status.unavailable")),
    network,
  ];
}

/** Spec 2 Mobile app settings: the PWA status list, refreshed every 5 s and on online/offline. */
export function PwaStatusCard() {
  const t = useT(mobileCatalog);
  const rows = getRows(usePwaStatus(), t);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("status.title")}</CardTitle>
        <CardDescription>{t("status.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-border">
          {rows.map(({ label, value, tone, icon: Icon }) => (
            <div key={label} className="flex items-center justify-between gap-3 py-2.5">
              <dt className="text-sm text-foreground">{label}</dt>
              <dd>
                <Badge tone={tone}>
                  <Icon className="size-3.5" aria-hidden="true" />
                  {value}
                </Badge>
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
