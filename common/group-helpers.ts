/** Groups' constants without zod (common/groups.ts and group-meetings.ts hold the contracts): screens import them directly. */

/** Admin analytics: weeks of attendance drawn, and weeks without a meeting that flag a group. */
export const GROUP_ANALYTICS_WEEKS = 12;
export const GROUP_QUIET_WEEKS = 4;
