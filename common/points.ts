/**
 * Every amount of the points economy (spec 1 section 9, spec 2 Onboarding). The server pays these
 * and only these (DESIGN.md rule 4); screens read them from here rather than writing figures.
 */
export const POINTS = {
  sermonWatch: 10,
  weeklyActionStep: 25,
  /** Per reading; a day has three. */
  dailyReading: 10,
  partnerPrayer: 15,
  /** Issue 27: present at a group meeting, once per meeting. */
  groupAttendance: 15,
} as const;

/** The Growth Journey's weekly goal. */
export const WEEKLY_POINTS_GOAL = 250;
/** Days of reading in a row that earn the 'Consistent Reader' badge. */
export const CONSISTENT_READER_STREAK_DAYS = 15;

/** Spec 2 Onboarding: the eight steps in order, what each pays and the badge it gives. */
export const ONBOARDING_STEPS = [
  { id: "welcome", points: 10, badge: "welcome" },
  { id: "profile_setup", points: 20, badge: "profile_complete" },
  { id: "explore_sermons", points: 25, badge: "first_sermon" },
  { id: "join_growth", points: 30, badge: "growth_seeker" },
  { id: "give_kudos", points: 15, badge: "first_kudos" },
  { id: "prayer_requests", points: 20, badge: null },
  { id: "community_features", points: 15, badge: null },
  { id: "onboarding_complete", points: 50, badge: "onboarding_complete" },
] as const;
