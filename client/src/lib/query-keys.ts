/**
 * Query keys that more than one feature reads or refreshes: the signed-in user (points, church),
 * a member's statistics and the admin dashboard's figures. A feature's own keys stay in its api.ts.
 */
export const AUTH_USER_KEY = ["/api/auth/user"] as const;
export const USER_STATS_KEY = ["/api/user/stats"] as const;
export const ADMIN_STATS_KEY = ["/api/admin/stats"] as const;
/** The member's badges (profile, dashboard, onboarding). */
export const USER_BADGES_KEY = ["/api/user/badges"] as const;
/** This week's action step (member dashboard, Growth Journey, Growth settings). */
export const ACTION_STEP_KEY = ["/api/weekly-action-step"] as const;
/** Today's readings and the week's grid (Growth Journey; completing a reading refreshes it). */
export const READING_TODAY_KEY = ["/api/bible-reading/today"] as const;
/** The onboarding journey's progress (onboarding page; actions elsewhere may complete a step). */
export const ONBOARDING_PROGRESS_KEY = ["/api/onboarding/progress"] as const;
