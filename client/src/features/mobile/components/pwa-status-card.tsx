import { CheckCircle2, CircleDashed, type LucideIcon, XCircle } from "lucide-react";
import { Badge, type TBadgeTone } from "@/components/ui/badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { type TPwaStatus, usePwaStatus } from "../use-pwa-status";

type TRow = { label: string; value: string; tone: TBadgeTone; icon: LucideIcon };

const yes = (label: string, value: string): TRow => ({ label, value, tone: "green", icon: CheckCircle2 });
const no = (label: string, value: string): TRow => ({ label, value, tone: "grey", icon: XCircle });

function getRows(status: TPwaStatus): TRow[] {
  const worker: TRow =
    status.worker === "checking"
      ? { label: "Service worker", value: "Checking...", tone: "blue", icon: CircleDashed }
      : status.worker === "registered"
        ? yes("Service worker", "Registered")
        : { label: "Service worker", value: "Not registered", tone: "red", icon: XCircle };
  const network = status.isOnline
    ? yes("Network status", status.connection ? `Online (${status.connection})` : "Online")
    : { label: "Network status", value: "Offline", tone: "amber" as const, icon: XCircle };
  return [
    status.isInstalled ? yes("App installed", "Installed") : no("App installed", "Not installed"),
    worker,
    status.isPushSupported ? yes("Push notifications", "Supported") : no("Push notifications", "Not supported"),
    status.isOfflineReady ? yes("Offline support", "Available") : no("Offline support", "Unavailable"),
    network,
  ];
}

/** Spec 2 Mobile app settings: the PWA status list, refreshed every 5 s and on online/offline. */
export function PwaStatusCard() {
  const rows = getRows(usePwaStatus());
  return (
    <Card>
      <CardHeader>
        <CardTitle>App Status</CardTitle>
        <CardDescription>How this device runs the app.</CardDescription>
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
