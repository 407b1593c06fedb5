import type { TIntegration, TIntegrationPlatform } from "@common/integrations";
import type { TBadgeTone } from "@/components/ui/badge";
import type { TIntegrationsKey, TIntegrationsT } from "./i18n";

/*
 * Types only from @common/integrations: its values would bring zod into the page's download. The
 * maps are keyed by the contract's enumerations, so the compiler says when a platform is added.
 */

export type TPlatformLabels = {
  /** A proper name: the same in every language. */
  name: string;
  /** The features its card and its row list (as INTEGRATION_PLATFORM_INFO on the server). */
  features: TIntegrationsKey[];
  /** What a sync does, in a church leader's words. */
  summary: TIntegrationsKey;
  /** What to paste into the API key field, and where to find it. */
  keyHint: TIntegrationsKey;
  /** A key's shape: technical (the same everywhere) or a catalogue key when it has words. */
  keyPlaceholder: string | { key: TIntegrationsKey };
};

export const PLATFORM_LABELS: Record<TIntegrationPlatform, TPlatformLabels> = {
  planning_center: {
    name: "Planning Center",
    features: ["feature.peopleImport", "feature.nameUpdates"],
    summary: "platform.planning_center.summary",
    keyHint: "platform.planning_center.keyHint",
    keyPlaceholder: "applicationId:secret",
  },
  church_community_builder: {
    name: "Church Community Builder",
    features: ["feature.peopleImport", "feature.nameUpdates"],
    summary: "platform.church_community_builder.summary",
    keyHint: "platform.church_community_builder.keyHint",
    keyPlaceholder: { key: "platform.church_community_builder.keyPlaceholder" },
  },
  mailchimp: {
    name: "Mailchimp",
    features: ["feature.audienceSync"],
    summary: "platform.mailchimp.summary",
    keyHint: "platform.mailchimp.keyHint",
    keyPlaceholder: "0123456789abcdef0123456789abcdef-us21",
  },
};

export const keyPlaceholder = (labels: TPlatformLabels, t: TIntegrationsT) =>
  typeof labels.keyPlaceholder === "string" ? labels.keyPlaceholder : t(labels.keyPlaceholder.key);

export const PLATFORM_ORDER: TIntegrationPlatform[] = ["planning_center", "church_community_builder", "mailchimp"];

/** Spec 2 §4: active, error, syncing, and any other shown as outline; needs_key asks for the key again. */
export const SYNC_STATUS_BADGES: Record<string, { label: TIntegrationsKey; tone: TBadgeTone }> = {
  active: { label: "status.active", tone: "green" },
  syncing: { label: "status.syncing", tone: "blue" },
  error: { label: "status.error", tone: "red" },
  needs_key: { label: "status.needs_key", tone: "amber" },
};

/** An unknown status (newer server) is shown as it comes, in outline. */
export function getSyncStatusBadge(status: TIntegration["syncStatus"] | string, t: TIntegrationsT) {
  const badge = SYNC_STATUS_BADGES[status];
  return badge ? { label: t(badge.label), tone: badge.tone } : { label: status, tone: "outline" as const };
}

/** Planning Center and CCB bring people in as invitations that wait for the admin's review. */
export const isPeopleSource = (platform: TIntegrationPlatform) => platform !== "mailchimp";
