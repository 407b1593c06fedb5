import type { TPreferencesBody } from "@common/profile";
import { PRAYER_TOPICS, SHOWN_NOTIFICATION_PREFERENCES, type TPrayerTopic } from "@common/profile-helpers";
import { ChevronRight } from "lucide-react";
import { Link } from "wouter";
import { LoadError } from "@/components/load-error";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton, skeletonKeys } from "@/components/ui/skeleton";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { toastApiError } from "@/lib/auth-redirect";
import { useT } from "@/lib/i18n";
import { usePreferences, useUpdatePreferences } from "../api";
import { profileCatalog } from "../i18n";

/** Only switches that something honours (SHOWN_NOTIFICATION_PREFERENCES); each says what it turns off. */
const NOTIFICATION_KEYS = {
  sermonNotifications: "prefs.sermonNotifications",
  eventNotifications: "prefs.eventNotifications",
  prayerReminders: "prefs.prayerReminders",
} as const satisfies Record<(typeof SHOWN_NOTIFICATION_PREFERENCES)[number], string>;

const TOPIC_KEYS = {
  healing: "topic.healing",
  guidance: "topic.guidance",
  community: "topic.community",
  family: "topic.family",
  work: "topic.work",
} as const satisfies Record<TPrayerTopic, string>;

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
  const t = useT(profileCatalog);
  const prefs = usePreferences();
  const update = useUpdatePreferences();
  const p = prefs.data;

  const save = (body: TPreferencesBody) =>
    update.mutate(body, {
      onSuccess: () => toast({ title: t("prefs.updated"), description: t("prefs.saved") }),
      onError: (error) =>
        toastApiError(error, {
          title: t("toast.updateFailed"),
          description: t("prefs.failed"),
        }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("prefs.title")}</CardTitle>
        <CardDescription>{t("prefs.description")}</CardDescription>
      </CardHeader>
      <CardContent>
        {prefs.isLoading ? (
          <div className="grid gap-3" role="status" aria-label={t("prefs.loading")}>
            {skeletonKeys(4).map((key) => (
              <Skeleton key={key} className="h-8 w-full" />
            ))}
          </div>
        ) : prefs.isError || !p ? (
          <LoadError what={t("prefs.error")} onRetry={() => prefs.refetch()} />
        ) : (
          <div className="grid gap-4">
            <fieldset>
              <legend className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {t("prefs.notifications")}
              </legend>
              <ul className="divide-y divide-border">
                {SHOWN_NOTIFICATION_PREFERENCES.map((key) => (
                  <SwitchRow
                    key={key}
                    id={`pref-${key}`}
                    label={t(NOTIFICATION_KEYS[key])}
                    hint={t(`${NOTIFICATION_KEYS[key]}Hint`)}
                    checked={p[key]}
                    onChange={(v) => save({ [key]: v })}
                  />
                ))}
              </ul>
              {/* Issue 29: push, e-mail, quiet hours and the digest per kind live on their own page. */}
              <Link
                href="/notifications/settings"
                className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-brand-text underline-offset-4 hover:underline"
              >
                {t("prefs.channelsLink")}
                <ChevronRight className="size-4 rtl:-scale-x-100" aria-hidden="true" />
              </Link>
            </fieldset>
            <fieldset>
              <legend className="mb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                {t("prefs.topics")}
              </legend>
              <ul className="divide-y divide-border">
                {PRAYER_TOPICS.map((topic) => (
                  <SwitchRow
                    key={topic}
                    id={`topic-${topic}`}
                    label={t(TOPIC_KEYS[topic])}
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
