import { type TAnnouncementAudience, ZAnnouncementBody } from "@common/announcements";
import { z } from "zod";
import type { TComposerValues } from "./composer-values";
import { fromLocalInput } from "./format";

/** The composer's own sentences, already in the language on screen. */
export type TComposerWords = { linkRequired: string; whenRequired: string; whenPast: string };

/**
 * The composer's fields turned into the server's body (`ZAnnouncementBody`), and checked by the same
 * contract: a time is read in the church's time zone; a link to a sermon, event or group becomes
 * its path. Loaded with the form (zod stays out of the pages' first download).
 */
export function composerSchema({
  timeZone,
  words,
  now = () => Date.now(),
}: {
  timeZone: string;
  words: TComposerWords;
  now?: () => number;
}) {
  return z
    .custom<TComposerValues>()
    .transform((v, ctx) => {
      let link: string | null = null;
      if (v.linkKind === "web") link = v.link;
      else if (v.linkKind !== "none") {
        if (!v.linkTarget) {
          ctx.addIssue({ code: "custom", path: ["linkTarget"], message: words.linkRequired });
          return z.NEVER;
        }
        link = `/${v.linkKind}/${v.linkTarget}`;
      }
      let sendAt: string | null = null;
      if (v.when === "later") {
        sendAt = fromLocalInput(v.sendAt, timeZone);
        if (!sendAt) {
          ctx.addIssue({ code: "custom", path: ["sendAt"], message: words.whenRequired });
          return z.NEVER;
        }
        if (new Date(sendAt).getTime() <= now()) {
          ctx.addIssue({ code: "custom", path: ["sendAt"], message: words.whenPast });
          return z.NEVER;
        }
      }
      const audience: TAnnouncementAudience =
        v.audienceKind === "groups"
          ? { groupIds: v.groupIds }
          : v.audienceKind === "roles"
            ? { roles: v.roles }
            : { all: true as const };
      const body: z.input<typeof ZAnnouncementBody> = {
        title: v.title,
        message: v.message,
        link,
        audience,
        sendAt,
        urgent: v.urgent,
      };
      return body;
    })
    .pipe(ZAnnouncementBody);
}
