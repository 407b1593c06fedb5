/** The top bar's search (issue 24), without zod: the search box reads these. */
export const SEARCH_TYPES = ["sermon", "event", "prayer", "kudos", "group", "page"] as const;
export type TSearchType = (typeof SEARCH_TYPES)[number];

/** A query shorter than this (after trimming) finds nothing: one letter matches half the church. */
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_MAX_LENGTH = 200;
/** At most this many results of each type, best first. */
export const SEARCH_LIMIT_PER_TYPE = 5;

/**
 * The app's own screens that search finds by name (`page` results), with a few other words people
 * use for them. `isAdmin` pages are found by admins only. The names follow the sidebar's.
 */
export const SEARCH_PAGES: { id: string; title: string; url: string; words: string; isAdmin?: boolean }[] = [
  { id: "dashboard", title: "Dashboard", url: "/", words: "home" },
  { id: "sermons", title: "Sermons", url: "/sermons", words: "messages archive preaching" },
  { id: "events", title: "Events", url: "/events", words: "calendar rsvp" },
  { id: "live", title: "Live Stream", url: "/live", words: "watch video" },
  { id: "prayer-requests", title: "Prayer Requests", url: "/prayer-requests", words: "prayer wall pray" },
  { id: "prayer-partners", title: "Prayer Chain", url: "/prayer-partners", words: "prayer partner" },
  { id: "kudos", title: "Member Recognition", url: "/kudos", words: "kudos thanks" },
  { id: "groups", title: "Groups", url: "/groups", words: "small groups bible study youth serving team circle" },
  { id: "directory", title: "Directory", url: "/directory", words: "member directory people phone contact" },
  { id: "growth", title: "Growth Journey", url: "/growth", words: "action steps reading plan bible" },
  { id: "onboarding", title: "Onboarding Journey", url: "/onboarding", words: "badges points getting started" },
  { id: "profile", title: "My Profile", url: "/profile", words: "account password settings" },
  { id: "notifications", title: "Notifications", url: "/notifications", words: "alerts messages unread" },
  { id: "church", title: "Our Church", url: "/church", words: "contact address phone email website" },
  { id: "admin", title: "Admin Home", url: "/admin", words: "administration", isAdmin: true },
  { id: "admin-sermons", title: "Manage Sermons", url: "/admin/sermons", words: "upload publish", isAdmin: true },
  { id: "admin-events", title: "Manage Events", url: "/admin/events", words: "create event", isAdmin: true },
  { id: "admin-members", title: "Manage Members", url: "/admin/members", words: "people roles", isAdmin: true },
  { id: "admin-invitations", title: "Send Invitations", url: "/admin/invitations", words: "invite", isAdmin: true },
  { id: "admin-kudos", title: "Kudos Approvals", url: "/admin/kudos", words: "approve review", isAdmin: true },
  { id: "admin-integrations", title: "Integrations", url: "/admin/integrations", words: "api", isAdmin: true },
  { id: "admin-growth", title: "Growth Analytics", url: "/admin/growth", words: "reports", isAdmin: true },
  { id: "admin-settings", title: "Church Settings", url: "/admin/settings", words: "branding", isAdmin: true },
  { id: "admin-live", title: "Manage Live Stream", url: "/admin/live-stream", words: "broadcast", isAdmin: true },
];

/**
 * The words of a query, as search matches them: letters and digits only (so nothing the member
 * types can be read as query syntax), lower case, at most 10. "John 3:16" gives john, 3, 16.
 */
export function searchWords(q: string): string[] {
  return q
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 10);
}

/** One thing found. `snippet` is plain text (never HTML): the client marks the words searched for. */
export type TSearchResult = { type: TSearchType; id: string; title: string; snippet: string; url: string };
