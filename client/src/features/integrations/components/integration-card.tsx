import type { TIntegration } from "@common/integrations";
import {
  AlertTriangle,
  CirclePause,
  KeyRound,
  Loader2,
  Pencil,
  Play,
  RefreshCw,
  Unplug,
  UserCheck,
} from "lucide-react";
import { Link } from "wouter";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Switch } from "@/components/ui/switch";
import { currentLanguage, useFormat, useT } from "@/lib/i18n";
import { formatRelativeTime } from "@/lib/utils";
import { integrationsCatalog, type TIntegrationsT } from "../i18n";
import { getSyncStatusBadge, isPeopleSource, PLATFORM_LABELS } from "../labels";
import { FeatureBadges } from "./platform-cards";

const COUNT_LABELS = [
  ["seen", "count.seen"],
  ["added", "count.added"],
  ["updated", "count.updated"],
  ["skipped", "count.skipped"],
] as const;

/** The platform's own settings, in a few words (the audience Mailchimp fills, CCB's address). */
function getSettingsSummary(it: TIntegration, t: TIntegrationsT): string | null {
  const { audienceId, subdomain } = it.config;
  if (it.platform === "mailchimp")
    return typeof audienceId === "string" ? t("card.audience", { id: audienceId }) : t("card.noAudience");
  if (it.platform === "church_community_builder" && typeof subdomain === "string") return `${subdomain}.ccbchurch.com`;
  return null;
}

export const integrationHeadingId = (id: string) => `integration-${id}-name`;

/** One connected integration (spec 2 Integrations: status badge, last sync or Never, features, Active/Inactive). */
export function IntegrationCard({
  integration: it,
  now,
  isBusy,
  onSync,
  onToggleActive,
  onEdit,
  onDisconnect,
}: {
  integration: TIntegration;
  now: Date;
  isBusy: boolean;
  onSync: () => void;
  onToggleActive: (isActive: boolean) => void;
  onEdit: () => void;
  onDisconnect: () => void;
}) {
  const t = useT(integrationsCatalog);
  const format = useFormat();
  const labels = PLATFORM_LABELS[it.platform];
  const status = getSyncStatusBadge(it.syncStatus, t);
  const settings = getSettingsSummary(it, t);
  const isSyncing = it.syncStatus === "syncing";
  const needsKey = it.syncStatus === "needs_key";
  const headingId = integrationHeadingId(it.id);
  const switchId = `integration-${it.id}-active`;
  const canSync = it.isActive && !isSyncing && !needsKey && !isBusy;
  // Turned off by the app (the admin who connected it lost the role): the admins review, then resume.
  const pausedReason = !it.isActive ? it.pausedReason : null;
  return (
    <li className="min-w-0">
      <article
        aria-labelledby={headingId}
        className="grid gap-4 rounded-2xl border border-border bg-card p-5 shadow-xs"
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <h3 id={headingId} tabIndex={-1} className="rounded-sm text-base font-semibold text-foreground">
                {labels.name}
              </h3>
              {/* Paused says what matters: its sync status ("Ready") beside it read as a contradiction. */}
              {pausedReason ? (
                <Badge tone="amber">
                  <CirclePause className="size-3" aria-hidden="true" />
                  {t("card.paused")}
                </Badge>
              ) : (
                <Badge tone={status.tone}>
                  {isSyncing && <Loader2 className="size-3 animate-spin" aria-hidden="true" />}
                  {status.label}
                </Badge>
              )}
            </div>
            <p className="text-sm text-muted-foreground">
              {t("card.lastSync")}{" "}
              {it.lastSync ? (
                <time
                  dateTime={it.lastSync}
                  title={format.date(it.lastSync, { dateStyle: "medium", timeStyle: "short" })}
                >
                  {currentLanguage() === "en"
                    ? formatRelativeTime(it.lastSync, now)
                    : format.relative(it.lastSync, now)}
                </time>
              ) : (
                t("card.never")
              )}
            </p>
          </div>
          <div className="flex items-center gap-2">
            <Switch
              id={switchId}
              checked={it.isActive}
              disabled={isBusy}
              onCheckedChange={onToggleActive}
              aria-describedby={headingId}
            />
            <label htmlFor={switchId} className="text-sm font-medium">
              {it.isActive ? t("card.active") : t("card.inactive")}
            </label>
          </div>
        </div>

        <FeatureBadges features={labels.features} />

        <dl
          className="grid grid-cols-2 gap-2 sm:grid-cols-4"
          aria-label={isSyncing ? t("card.countsSoFar") : t("card.countsLast")}
        >
          {COUNT_LABELS.map(([key, label]) => (
            <div key={key} className="rounded-lg bg-muted px-3 py-2">
              <dt className="text-xs text-muted-foreground">{t(label)}</dt>
              <dd className="text-lg font-semibold tabular-nums">{format.number(it.counts[key])}</dd>
            </div>
          ))}
        </dl>

        {isSyncing && (
          <div className="grid gap-1.5">
            <div
              role="progressbar"
              aria-label={t("card.syncingName", { name: labels.name })}
              aria-valuetext={t("card.seenSoFar", { count: it.counts.seen })}
              className="h-2 overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full w-full rounded-full bg-primary/70 motion-safe:animate-pulse" />
            </div>
            <p className="text-xs text-muted-foreground" aria-live="polite">
              {t("card.progress", { count: it.counts.seen })}
            </p>
          </div>
        )}

        {pausedReason && (
          <div
            className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center"
            role="note"
          >
            {/* The icon stays beside the words on a phone, where the button goes below them. */}
            <div className="flex min-w-0 flex-1 items-start gap-2">
              <CirclePause className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <p className="min-w-0 break-words">{pausedReason}</p>
            </div>
            <Button size="sm" variant="outline" disabled={isBusy} onClick={() => onToggleActive(true)}>
              <Play aria-hidden="true" />
              {t("card.resume")}
              <span className="sr-only"> {labels.name}</span>
            </Button>
          </div>
        )}

        {needsKey ? (
          <div className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center">
            <KeyRound className="size-4 shrink-0" aria-hidden="true" />
            <p className="flex-1">{it.lastError ?? t("card.keyUnreadable")}</p>
            <Button size="sm" variant="outline" onClick={onEdit}>
              {t("card.reenterKey")}
            </Button>
          </div>
        ) : (
          it.lastError &&
          !isSyncing && (
            <div className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="note">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <p className="min-w-0 break-words">
                <span className="font-medium">{t("card.lastError")} </span>
                {it.lastError}
              </p>
            </div>
          )
        )}

        <p className="min-w-0 truncate text-xs text-muted-foreground">
          {t("card.key", { key: it.apiKey })}
          {settings && <> · {settings}</>}
          {it.webhookUrl && <> · {t("card.webhook", { url: it.webhookUrl })}</>}
        </p>

        <div className="flex flex-wrap items-center gap-2 border-t border-border pt-4">
          <Button size="sm" disabled={!canSync} onClick={onSync}>
            <RefreshCw className={isSyncing ? "animate-spin" : undefined} aria-hidden="true" />
            {isSyncing ? t("card.syncing") : t("card.syncNow")}
            <span className="sr-only"> {labels.name}</span>
          </Button>
          <Button size="sm" variant="outline" disabled={isBusy} onClick={onEdit}>
            <Pencil aria-hidden="true" />
            {t("card.updateKey")}
            <span className="sr-only"> {t("card.forName", { name: labels.name })}</span>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 hover:bg-red-50"
            disabled={isBusy}
            onClick={onDisconnect}
          >
            <Unplug aria-hidden="true" />
            {t("card.disconnect")}
            <span className="sr-only"> {labels.name}</span>
          </Button>
          {isPeopleSource(it.platform) && it.counts.added > 0 && (
            <Button asChild size="sm" variant="link" className="sm:ms-auto">
              <Link href="/admin/invitations#waiting">
                <UserCheck aria-hidden="true" />
                {t("card.review")}
              </Link>
            </Button>
          )}
        </div>
      </article>
    </li>
  );
}
