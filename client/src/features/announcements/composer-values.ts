import type { TAnnouncement } from "@common/announcements";
import type { TRole } from "@common/roles";
import { linkKindOf, toLocalInput } from "./format";

export type TLinkChoiceKind = "none" | "sermons" | "events" | "groups" | "web";
export type TAudienceKind = "all" | "groups" | "roles";

/** The composer's fields (the body is built from them when it is sent). */
export type TComposerValues = {
  title: string;
  message: string;
  linkKind: TLinkChoiceKind;
  /** The sermon, event or group the link opens. */
  linkTarget: string;
  /** An outside address. */
  link: string;
  audienceKind: TAudienceKind;
  groupIds: string[];
  roles: TRole[];
  when: "now" | "later";
  /** A `datetime-local` value, in the church's time zone. */
  sendAt: string;
  urgent: boolean;
};

/** The roles an announcement may go to (a Super Admin counts as an admin). */
export const AUDIENCE_ROLES = ["CONGREGANT", "GROUP_LEADER", "ADMIN"] as const satisfies readonly TRole[];

/** A new announcement's fields; a group's leader starts (and stays) with their group. */
export function emptyValues(groupIds?: string[] | null): TComposerValues {
  return {
    title: "",
    message: "",
    linkKind: "none",
    linkTarget: "",
    link: "",
    audienceKind: groupIds?.length ? "groups" : "all",
    groupIds: groupIds ?? [],
    roles: [],
    when: "now",
    sendAt: "",
    urgent: false,
  };
}

/** The fields of an announcement being edited. */
export function valuesOf(a: TAnnouncement, timeZone: string): TComposerValues {
  const kind = a.link ? linkKindOf(a.link) : "none";
  return {
    title: a.title,
    message: a.message,
    linkKind: kind,
    linkTarget: a.link && kind !== "web" && kind !== "none" ? (a.link.split("/").at(-1) ?? "") : "",
    link: kind === "web" ? (a.link ?? "") : "",
    audienceKind: "all" in a.audience ? "all" : "groupIds" in a.audience ? "groups" : "roles",
    groupIds: "groupIds" in a.audience ? a.audience.groupIds : [],
    roles: "roles" in a.audience ? a.audience.roles : [],
    when: a.sendAt ? "later" : "now",
    sendAt: a.sendAt ? toLocalInput(a.sendAt, timeZone) : "",
    urgent: a.urgent,
  };
}
