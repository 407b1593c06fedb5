/**
 * Query keys that more than one feature reads or refreshes: the signed-in user (points, church),
 * a member's statistics and the admin dashboard's figures. A feature's own keys stay in its api.ts.
 */
export const AUTH_USER_KEY = ["/api/auth/user"] as const;
export const USER_STATS_KEY = ["/api/user/stats"] as const;
export const ADMIN_STATS_KEY = ["/api/admin/stats"] as const;
