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
import { formatNumber, formatRelativeTime } from "@/lib/utils";
import { getSyncStatusBadge, isPeopleSource, PLATFORM_LABELS } from "../labels";
import { FeatureBadges } from "./platform-cards";

const COUNT_LABELS = [
  ["seen", "Seen"],
  ["added", "Added"],
  ["updated", "Updated"],
  ["skipped", "Skipped"],
] as const;

/** The platform's own settings, in a few words (the audience Mailchimp fills, CCB's address). */
function getSettingsSummary(it: TIntegration): string | null {
  const { audienceId, subdomain } = it.config;
  if (it.platform === "mailchimp")
    return typeof audienceId === "string" ? `Audience ${audienceId}` : "No audience chosen";
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
  const labels = PLATFORM_LABELS[it.platform];
  const status = getSyncStatusBadge(it.syncStatus);
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
                  Paused
                </Badge>
              ) : (
                <Badge tone={status.tone}>
                  {isSyncing && <Loader2 className="size-3 animate-spin" aria-hidden="true" />}
                  {status.label}
                </Badge>
              )}
            </div>
            <p className="text-sm text-muted-foreground">
              Last sync:{" "}
              {it.lastSync ? (
                <time dateTime={it.lastSync} title={new Date(it.lastSync).toLocaleString("en-US")}>
                  {formatRelativeTime(it.lastSync, now)}
                </time>
              ) : (
                "Never"
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
              {it.isActive ? "Active" : "Inactive"}
            </label>
          </div>
        </div>

        <FeatureBadges features={labels.features} />

        <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label={isSyncing ? "This sync so far" : "Last sync"}>
          {COUNT_LABELS.map(([key, label]) => (
            <div key={key} className="rounded-lg bg-muted px-3 py-2">
              <dt className="text-xs text-muted-foreground">{label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{formatNumber(it.counts[key])}</dd>
            </div>
          ))}
        </dl>

        {isSyncing && (
          <div className="grid gap-1.5">
            <div
              role="progressbar"
              aria-label={`Syncing ${labels.name}`}
              aria-valuetext={`${formatNumber(it.counts.seen)} people seen so far`}
              className="h-2 overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full w-full rounded-full bg-primary/70 motion-safe:animate-pulse" />
            </div>
            <p className="text-xs text-muted-foreground" aria-live="polite">
              Syncing… {formatNumber(it.counts.seen)} {it.counts.seen === 1 ? "person" : "people"} seen so far. You can
              leave this page; the sync carries on.
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
              Resume
              <span className="sr-only"> {labels.name}</span>
            </Button>
          </div>
        )}

        {needsKey ? (
          <div className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 sm:flex-row sm:items-center">
            <KeyRound className="size-4 shrink-0" aria-hidden="true" />
            <p className="flex-1">{it.lastError ?? "The stored key can no longer be read. Please re-enter the key."}</p>
            <Button size="sm" variant="outline" onClick={onEdit}>
              Re-enter key
            </Button>
          </div>
        ) : (
          it.lastError &&
          !isSyncing && (
            <div className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="note">
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <p className="min-w-0 break-words">
                <span className="font-medium">Last error: </span>
                {it.lastError}
              </p>
            </div>
          )
        )}

        <p className="min-w-0 truncate text-xs text-muted-foreground">
          Key {it.apiKey}
          {getSettingsSummary(it) && <> · {getSettingsSummary(it)}</>}
          {it.webhookUrl && <> · Webhook {it.webhookUrl}</>}
        </p>

        <div className="flex flex-wrap items-center gap-2 border-t border-border pt-4">
          <Button size="sm" disabled={!canSync} onClick={onSync}>
            <RefreshCw className={isSyncing ? "animate-spin" : undefined} aria-hidden="true" />
            {isSyncing ? "Syncing…" : "Sync now"}
            <span className="sr-only"> {labels.name}</span>
          </Button>
          <Button size="sm" variant="outline" disabled={isBusy} onClick={onEdit}>
            <Pencil aria-hidden="true" />
            Update key
            <span className="sr-only"> for {labels.name}</span>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 hover:bg-red-50"
            disabled={isBusy}
            onClick={onDisconnect}
          >
            <Unplug aria-hidden="true" />
            Disconnect
            <span className="sr-only"> {labels.name}</span>
          </Button>
          {isPeopleSource(it.platform) && it.counts.added > 0 && (
            <Button asChild size="sm" variant="link" className="sm:ms-auto">
              <Link href="/admin/invitations#waiting">
                <UserCheck aria-hidden="true" />
                Review imported invitations
              </Link>
            </Button>
          )}
        </div>
      </article>
    </li>
  );
}
