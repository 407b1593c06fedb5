import type { TIntegrationPlatform } from "@common/integrations";
import { Check, Plug } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { useT } from "@/lib/i18n";
import { integrationsCatalog, type TIntegrationsKey } from "../i18n";
import { PLATFORM_LABELS, PLATFORM_ORDER } from "../labels";

/** What a platform does, as badges (its card and its connected row). */
export function FeatureBadges({ features }: { features: TIntegrationsKey[] }) {
  const t = useT(integrationsCatalog);
  return (
    <div className="flex flex-wrap gap-1.5">
      {features.map((f) => (
        <Badge key={f} tone="soft">
          {t(f)}
        </Badge>
      ))}
    </div>
  );
}

/** Spec 2 Integrations: the available platforms, each with Connect, or a Connected badge if present. */
export function PlatformCards({
  connected,
  onConnect,
}: {
  connected: TIntegrationPlatform[];
  onConnect: (platform: TIntegrationPlatform) => void;
}) {
  const t = useT(integrationsCatalog);
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {PLATFORM_ORDER.map((platform) => {
        const labels = PLATFORM_LABELS[platform];
        const isConnected = connected.includes(platform);
        return (
          <li key={platform} className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-5 shadow-xs">
            <div className="flex items-start justify-between gap-2">
              <h3 className="font-semibold text-foreground">{labels.name}</h3>
              {isConnected && (
                <Badge tone="green">
                  <Check className="size-3" aria-hidden="true" />
                  {t("platforms.connected")}
                </Badge>
              )}
            </div>
            <p className="flex-1 text-sm text-muted-foreground">{t(labels.summary)}</p>
            <FeatureBadges features={labels.features} />
            {!isConnected && (
              <Button variant="outline" size="sm" className="self-start" onClick={() => onConnect(platform)}>
                <Plug aria-hidden="true" />
                {t("platforms.connect")}
                <span className="sr-only"> {labels.name}</span>
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
