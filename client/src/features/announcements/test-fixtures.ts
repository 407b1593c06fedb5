import type { TAnnouncement } from "@common/announcements";

export const A1 = "00000000-0000-4000-8000-0000000000a1";
export const GROUP = "00000000-0000-4000-8000-0000000000b1";

/** An announcement as the server answers it, sent an hour ago. */
export function makeAnnouncement(over: Partial<TAnnouncement> = {}): TAnnouncement {
  const at = new Date(Date.now() - 3_600_000).toISOString();
  return {
    id: A1,
    title: "Picnic on Sunday",
    message: "Bring a dish to share.",
    link: null,
    audience: { all: true },
    status: "sent",
    sendAt: at,
    sentAt: at,
    urgent: false,
    createdAt: at,
    author: { id: "u9", name: "Pastor Ruth" },
    groups: [],
    canEdit: false,
    recipients: null,
    opened: null,
    emailed: null,
    emailOpened: null,
    isRead: false,
    ...over,
  };
}
