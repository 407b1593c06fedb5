/**
 * Every badge a member can earn (spec 1 §9, spec 2 §4 and a few a church enjoys), by key. The server
 * grants them (server/src/lib/badges.ts) when the action that earns one happens; each is earned once
 * per church. `icon` names a lucide icon the client draws. No zod here: screens import it directly.
 */
export const BADGES = {
  // Spec 2 §4, the onboarding journey's badges.
  welcome: { name: "Welcome", description: "Began the onboarding journey", icon: "hand-heart" },
  profile_complete: { name: "Profile Complete", description: "Filled in a profile", icon: "user-check" },
  first_sermon: { name: "First Sermon", description: "Watched a first sermon", icon: "play-circle" },
  growth_seeker: { name: "Growth Seeker", description: "Joined the growth journey", icon: "sprout" },
  first_kudos: { name: "First Kudos", description: "Recognized a fellow member", icon: "heart-handshake" },
  onboarding_complete: {
    name: "Journey Complete",
    description: "Completed every onboarding step",
    icon: "award",
  },
  // Spec 1 §9.
  consistent_reader: {
    name: "Consistent Reader",
    description: "Read the daily plan 15 days in a row",
    icon: "book-open-check",
  },
  // More a church enjoys.
  first_reading: { name: "First Reading", description: "Completed a first daily reading", icon: "book-open" },
  sermon_regular: { name: "Sermon Regular", description: "Watched 10 sermons", icon: "library" },
  first_action_step: {
    name: "Doer of the Word",
    description: "Completed a first weekly action step",
    icon: "footprints",
  },
  faithful_steps: {
    name: "Faithful Steps",
    description: "Completed the action step 4 weeks in a row",
    icon: "flame",
  },
  faithful_intercessor: {
    name: "Faithful Intercessor",
    description: "Prayed for a prayer partner 7 days in a row",
    icon: "calendar-heart",
  },
} as const;

export type TBadgeKey = keyof typeof BADGES;

export function isBadgeKey(key: string): key is TBadgeKey {
  return Object.hasOwn(BADGES, key);
}

/**
 * Sermons watched that earn 'Sermon Regular'; action-step weeks in a row that earn 'Faithful Steps';
 * days in a row of partner prayer that earn 'Faithful Intercessor'.
 */
export const SERMON_REGULAR_COUNT = 10;
export const FAITHFUL_STEPS_WEEKS = 4;
export const FAITHFUL_INTERCESSOR_DAYS = 7;
