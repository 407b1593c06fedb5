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
import { useDisablePush, useEnablePush, usePushPanel, useSendTestPush, useUpdatePushPreferences } from "../api";

const PREFERENCE_TEXT: Record<TPushPreferenceKey, { label: string; hint: string }> = {
  prayerRequests: { label: "Prayer requests", hint: "Answered prayers, your prayer partner, and who prayed for you" },
  liveStreams: { label: "Live streams", hint: "When a service goes live" },
  events: { label: "Events", hint: "New events at your church" },
  sermons: { label: "Sermons", hint: "When a new sermon is published" },
  announcements: { label: "Announcements", hint: "Weekly action steps, recognition and badges" },
};

function PreferenceSwitches({
  preferences,
  disabled,
  onChange,
}: {
  preferences: TPushPreferences;
  disabled: boolean;
  onChange: (key: TPushPreferenceKey, value: boolean) => void;
}) {
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Notify me about
      </legend>
      <ul className="divide-y divide-border">
        {PUSH_PREFERENCE_KEYS.map((key) => (
          <li key={key} className="flex items-center justify-between gap-4 py-2.5">
            <div className="grid min-w-0">
              <label htmlFor={`push-${key}`} className="text-sm font-medium text-foreground">
                {PREFERENCE_TEXT[key].label}
              </label>
              <span id={`push-${key}-hint`} className="text-xs text-muted-foreground">
                {PREFERENCE_TEXT[key].hint}
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
  return (
    <div className="grid gap-2 rounded-xl bg-muted p-4 text-sm">
      <p className="font-medium text-foreground">Push notifications are not supported in this browser.</p>
      <p className="text-muted-foreground">
        On iPhone and iPad, add this app to your Home Screen first (Share, then Add to Home Screen) and open it from
        there. Elsewhere, try a recent Chrome, Edge, Firefox or Safari.
      </p>
    </div>
  );
}

/**
 * Spec 2 Mobile app settings, §4 and §8: the push panel. Unsupported, not enabled (Enable asks
 * permission, subscribes and tells the server) or enabled (Disable, Send Test, and preferences
 * saved as each switch changes). Before enabling, the switches choose what the subscription starts with.
 */
export function PushPanel() {
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
          <CardTitle>Push Notifications</CardTitle>
          <CardDescription>Get news from your church on this device, even when the app is closed.</CardDescription>
        </div>
        {state === "enabled" && (
          <Badge tone="green" className="self-start">
            Enabled
          </Badge>
        )}
        {state === "not-enabled" && (
          <Badge tone="grey" className="self-start">
            Not enabled
          </Badge>
        )}
      </CardHeader>
      <CardContent className="grid gap-5">
        {state === "unsupported" ? (
          <Unsupported />
        ) : state === "loading" ? (
          <div className="grid gap-3" role="status" aria-label="Loading notification settings">
            {skeletonKeys(4).map((key) => (
              <Skeleton key={key} className="h-8 w-full" />
            ))}
          </div>
        ) : server.isError || !server.data ? (
          <LoadError what="Your notification settings" onRetry={() => server.refetch()} />
        ) : (
          <>
            {isBlocked && !isEnabled && (
              <p role="note" className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900">
                Notifications are blocked for this site. Allow them in your browser's site settings, then enable them
                here.
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              {isEnabled ? (
                <>
                  <Button variant="outline" onClick={() => disable.mutate()} disabled={isBusy}>
                    <BellOff aria-hidden="true" />
                    {disable.isPending ? "Disabling..." : "Disable Notifications"}
                  </Button>
                  <Button variant="secondary" onClick={() => sendTest.mutate()} disabled={sendTest.isPending}>
                    <Send aria-hidden="true" />
                    {sendTest.isPending ? "Sending..." : "Send Test"}
                  </Button>
                </>
              ) : (
                <Button
                  onClick={() => enable.mutate({ publicKey: server.data.publicKey, preferences: shown })}
                  disabled={isBusy}
                >
                  <BellRing aria-hidden="true" />
                  {enable.isPending ? "Enabling..." : "Enable Notifications"}
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
