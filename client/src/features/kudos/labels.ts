import type { TKudosCategory, TKudosReaction, TKudosType } from "@common/kudos";
import { Heart, type LucideIcon, PartyPopper, Star, ThumbsUp } from "lucide-react";

/*
 * Types only from @common/kudos: its values would bring zod into the page's download. Each map is
 * keyed by the contract's enumeration, so the compiler says when a type, category or reaction is added.
 */

/** Spec 2 §3 Kudos types, as people read them ("volunteer_appreciation" → "Volunteer Appreciation"). */
export const KUDOS_TYPE_LABELS: Record<TKudosType, string> = {
  volunteer_appreciation: "Volunteer Appreciation",
  prayer_warrior: "Prayer Warrior",
  community_builder: "Community Builder",
  servant_heart: "Servant Heart",
  encourager: "Encourager",
};

export const KUDOS_CATEGORY_LABELS: Record<TKudosCategory, string> = {
  service: "Service",
  prayer: "Prayer",
  community: "Community",
  leadership: "Leadership",
  encouragement: "Encouragement",
};

const REACTIONS: Record<TKudosReaction, { label: string; icon: LucideIcon }> = {
  heart: { label: "Heart", icon: Heart },
  thumbs_up: { label: "Thumbs up", icon: ThumbsUp },
  celebrate: { label: "Celebrate", icon: PartyPopper },
  star: { label: "Star", icon: Star },
};

/** The four reactions in the spec's order (heart, thumbs_up, celebrate, star), with their icon and name. */
export const KUDOS_REACTION_OPTIONS = (Object.keys(REACTIONS) as TKudosReaction[]).map((reaction) => ({
  reaction,
  ...REACTIONS[reaction],
}));

/** "Ann Lee", or `fallback` when neither name is set (a deleted sender is "A church member"). */
export function kudosPersonName(
  person: { firstName: string | null; lastName: string | null } | null,
  fallback = "A church member",
): string {
  return (person && [person.firstName, person.lastName].filter(Boolean).join(" ").trim()) || fallback;
}
