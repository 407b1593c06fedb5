import { PUSH_PREFERENCE_KEYS, type TPushPreferenceKey } from "@common/notification-helpers";
import type { TPushPreferences } from "@common/notifications";
import { BellOff, BellRing, Send } from "lucide-react";
import { useState } from "react";
import { LoadError } from "@/components/load-error";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { useT } from "@/lib/i18n";
import { useDisablePush, useEnablePush, usePushPanel, useSendTestPush, useUpdatePushPreferences } from "../api";
import { mobileCatalog } from "../i18n";

function PreferenceSwitches({
  preferences,
  disabled,
  onChange,
}: {
  preferences: TPushPreferences;
  disabled: boolean;
  onChange: (key: TPushPreferenceKey, value: boolean) => void;
}) {
  const t = useT(mobileCatalog);
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {t("push.notifyAbout")}
      </legend>
      <ul className="divide-y divide-border">
        {PUSH_PREFERENCE_KEYS.map((key) => (
          <li key={key} className="flex items-center justify-between gap-4 py-2.5">
            <div className="grid min-w-0">
              <label htmlFor={`push-${key}`} className="text-sm font-medium text-foreground">
                {t(`pref.${key}.label`)}
              </label>
              <span id={`push-${key}-hint`} className="text-xs text-muted-foreground">
                {t(`pref.${key}.hint`)}
              </span>
            </div>
            <Switch
              id={`push-${key}`}
              checked={preferences[key]}
              disabled={disabled}
              onCheckedChange={(value) => onChange(key, value)}
              aria-describedby={`push-${key}-hint`}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function Unsupported() {
  const t = useT(mobileCatalog);
  return (
    <div className="grid gap-2 rounded-xl bg-muted p-4 text-sm">
      <p className="font-medium text-foreground">{t("push.unsupported.title")}</p>
      <p className="text-muted-foreground">{t("push.unsupported.text")}</p>
    </div>
  );
}

/**
 * Spec 2 Mobile app settings, §4 and §8: the push panel. Unsupported, not enabled (Enable asks
 * permission, subscribes and tells the server) or enabled (Disable, Send Test, and preferences
 * saved as each switch changes). Before enabling, the switches choose what the subscription starts with.
 */
export function PushPanel() {
  const t = useT(mobileCatalog);
  const { state, server, preferences, isBlocked } = usePushPanel();
  const enable = useEnablePush();
  const disable = useDisablePush();
  const update = useUpdatePushPreferences();
  const sendTest = useSendTestPush();
  const [draft, setDraft] = useState<TPushPreferences | null>(null);
  const isEnabled = state === "enabled";
  const shown = isEnabled ? preferences : (draft ?? preferences);
  const isBusy = enable.isPending || disable.isPending;

  const change = (key: TPushPreferenceKey, value: boolean) => {
    if (isEnabled) update.mutate({ [key]: value });
    else setDraft({ ...shown, [key]: value });
  };

  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between sm:gap-4">
        <div className="grid gap-1">
          <CardTitle>{t("push.title")}</CardTitle>
          <CardDescription>{t("push.description")}</CardDescription>
        </div>
        {state === "enabled" && (
          <Badge tone="green" className="self-start">
            {t("push.enabled")}
          </Badge>
        )}
        {state === "not-enabled" && (
          <Badge tone="grey" className="self-start">
            {t("push.notEnabled")}
          </Badge>
        )}
      </CardHeader>
      <CardContent className="grid gap-5">
        {state === "unsupported" ? (
          <Unsupported />
        ) : state === "loading" ? (
          <div className="grid gap-3" role="status" aria-label={t("push.loading")}>
            {skeletonKeys(4).map((key) => (
              <Skeleton key={key} className="h-8 w-full" />
            ))}
          </div>
        ) : server.isError || !server.data ? (
          <LoadError what={t("push.loadWhat")} onRetry={() => server.refetch()} />
        ) : (
          <>
            {isBlocked && !isEnabled && (
              <p role="note" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
                {t("push.blocked")}
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              {isEnabled ? (
                <>
                  <Button variant="outline" onClick={() => disable.mutate()} disabled={isBusy}>
                    <BellOff aria-hidden="true" />
                    {disable.isPending ? t("push.disabling") : t("push.disable")}
                  </Button>
                  <Button variant="secondary" onClick={() => sendTest.mutate()} disabled={sendTest.isPending}>
                    <Send aria-hidden="true" />
                    {sendTest.isPending ? t("push.sending") : t("push.sendTest")}
                  </Button>
                </>
              ) : (
                <Button
                  onClick={() => enable.mutate({ publicKey: server.data.publicKey, preferences: shown })}
                  disabled={isBusy}
                >
                  <BellRing aria-hidden="true" />
                  {enable.isPending ? t("push.enabling") : t("push.enable")}
                </Button>
              )}
            </div>
            <PreferenceSwitches preferences={shown} disabled={isBusy} onChange={change} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
