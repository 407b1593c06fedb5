import type { TPreferencesBody } from "@common/profile";
import { PRAYER_TOPICS, SHOWN_NOTIFICATION_PREFERENCES, type TPrayerTopic } from "@common/profile-helpers";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { toastApiError } from "@/lib/auth-redirect";
import { usePreferences, useUpdatePreferences } from "../api";

/** Only switches that something honours (SHOWN_NOTIFICATION_PREFERENCES); each says what it turns off. */
const NOTIFICATION_TEXT: Record<(typeof SHOWN_NOTIFICATION_PREFERENCES)[number], { label: string; hint: string }> = {
  sermonNotifications: { label: "Sermon notifications", hint: "When a new sermon is posted" },
  eventNotifications: { label: "Event notifications", hint: "New events, and when the church goes live" },
  prayerReminders: {
    label: "Prayer reminders",
    hint: "Your prayer partner, and when someone prays for or answers a request",
  },
};

const TOPIC_LABELS: Record<TPrayerTopic, string> = {
  healing: "Healing",
  guidance: "Guidance",
  community: "Community",
  family: "Family",
  work: "Work",
};

function SwitchRow({
  id,
  label,
  hint,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <li className="flex items-center justify-between gap-4 py-2.5">
      <div className="grid min-w-0">
        <label htmlFor={id} className="text-sm font-medium text-foreground">
          {label}
        </label>
        {hint && (
          <span id={`${id}-hint`} className="text-xs text-muted-foreground">
            {hint}
          </span>
        )}
      </div>
      <Switch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={hint ? `${id}-hint` : undefined} />
    </li>
  );
}

/** Spec 2 Profile: Prayer Preferences, saved as each switch changes (defaults per spec 2 section 9). */
export function PrayerPreferencesCard() {
  const prefs = usePreferences();
  const update = useUpdatePreferences();
  const p = prefs.data;

  const save = (body: TPreferencesBody) =>
    update.mutate(body, {
      onSuccess: () => toast({ title: "Preferences Updated", description: "Your preferences have been saved." }),
      onError: (error) =>
        toastApiError(error, {
          title: "Update Failed",
          description: "Failed to update preferences. Please try again.",
        }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Prayer Preferences</CardTitle>
        <CardDescription>
          What we tell you about in the app and on your devices, and what you like to pray for.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {prefs.isLoading ? (
          <div className="grid gap-3" role="status" aria-label="Loading preferences">
            {skeletonKeys(4).map((key) => (
              <Skeleton key={key} className="h-8 w-full" />
            ))}
          </div>
        ) : prefs.isError || !p ? (
          <LoadError what="Your preferences" onRetry={() => prefs.refetch()} />
        ) : (
          <div className="grid gap-4">
            <fieldset>
              <legend className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                Notifications
              </legend>
              <ul className="divide-y divide-border">
                {SHOWN_NOTIFICATION_PREFERENCES.map((key) => (
                  <SwitchRow
                    key={key}
                    id={`pref-${key}`}
                    label={NOTIFICATION_TEXT[key].label}
                    hint={NOTIFICATION_TEXT[key].hint}
                    checked={p[key]}
                    onChange={(v) => save({ [key]: v })}
                  />
                ))}
              </ul>
            </fieldset>
            <fieldset>
              <legend className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                Prayer topics
              </legend>
              <ul className="divide-y divide-border">
                {PRAYER_TOPICS.map((topic) => (
                  <SwitchRow
                    key={topic}
                    id={`topic-${topic}`}
                    label={TOPIC_LABELS[topic]}
                    checked={p.prayerTopics[topic]}
                    onChange={(v) => save({ prayerTopics: { [topic]: v } })}
                  />
                ))}
              </ul>
            </fieldset>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
