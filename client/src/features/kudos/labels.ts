import type { TKudosCategory, TKudosReaction, TKudosType } from "@common/kudos";
import { Heart, type LucideIcon, PartyPopper, Star, ThumbsUp } from "lucide-react";

/*
 * Types only from @common/kudos: its values would bring zod into the page's download. Each map is
 * keyed by the contract's enumeration, so the compiler says when a type, category or reaction is added;
 * its words are the `kudos` catalogue's (`t(KUDOS_TYPE_LABELS[type])`).
 */

/** Spec 2 §3 Kudos types, as people read them ("volunteer_appreciation" → "Volunteer Appreciation"). */
export const KUDOS_TYPE_LABELS = {
  volunteer_appreciation: "type.volunteer_appreciation",
  prayer_warrior: "type.prayer_warrior",
  community_builder: "type.community_builder",
  servant_heart: "type.servant_heart",
  encourager: "type.encourager",
} as const satisfies Record<TKudosType, `type.${TKudosType}`>;

export const KUDOS_CATEGORY_LABELS = {
  service: "category.service",
  prayer: "category.prayer",
  community: "category.community",
  leadership: "category.leadership",
  encouragement: "category.encouragement",
} as const satisfies Record<TKudosCategory, `category.${TKudosCategory}`>;

const REACTIONS = {
  heart: { label: "reaction.heart", icon: Heart },
  thumbs_up: { label: "reaction.thumbs_up", icon: ThumbsUp },
  celebrate: { label: "reaction.celebrate", icon: PartyPopper },
  star: { label: "reaction.star", icon: Star },
} as const satisfies Record<TKudosReaction, { label: `reaction.${TKudosReaction}`; icon: LucideIcon }>;

/** The four reactions in the spec's order (heart, thumbs_up, celebrate, star), with their icon and name's key. */
export const KUDOS_REACTION_OPTIONS = (Object.keys(REACTIONS) as TKudosReaction[]).map((reaction) => ({
  reaction,
  ...REACTIONS[reaction],
}));

/** "Ann Lee", or `fallback` when neither name is set (a deleted sender is "A church member"). */
export function kudosPersonName(
  person: { firstName: string | null; lastName: string | null } | null,
  fallback: string,
): string {
  return (person && [person.firstName, person.lastName].filter(Boolean).join(" ").trim()) || fallback;
}

/** The date in full (a time's tooltip): "Mar 4, 2025". */
export const DATE_OPTIONS: Intl.DateTimeFormatOptions = { month: "short", day: "numeric", year: "numeric" };
