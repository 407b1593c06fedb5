/** Figures of the public page, without zod: the signed-out page reads them and has a budget. */

/** How many sermons and events the public page shows. */
export const PUBLIC_PAGE_SERMONS = 5;
export const PUBLIC_PAGE_EVENTS = 5;

export const INVITATION_REQUEST_MESSAGE_MAX = 1000;
/** A visitor's address may ask for an invitation at most this many times a day, across every church. */
export const INVITATION_REQUESTS_PER_EMAIL_PER_DAY = 3;
/** At most this many requests an hour from one network address (an IPv6 /64 counts as one). */
export const INVITATION_REQUESTS_PER_ADDRESS_PER_HOUR = 5;
