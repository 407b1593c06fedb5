import { ZChannels, ZChannelsBody } from "@common/notification-channels";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getMyChannels, updateMyChannels } from "./channels.service";

/**
 * `GET/PUT /api/notifications/channels` (issue 29): how each kind of notification reaches the caller
 * (in the app always; push; e-mail never / when unseen / always), their quiet hours and the weekly
 * digest. Each member reads and changes only their own.
 */
export const channelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const member = { access: "member" as const };

  app.get(
    "/api/notifications/channels",
    {
      config: member,
      schema: {
        summary: "The caller's notification channels",
        description:
          "Per kind (announcements, events, sermons, prayer, groups, kudos, badges): push on or off and e-mail never, unseen or always; the quiet hours (HH:MM in the church's time zone) and the weekly digest.",
        response: { 200: ZChannels },
      },
    },
    async (req) => getMyChannels(req.churchCtx),
  );

  app.put(
    "/api/notifications/channels",
    {
      config: member,
      schema: {
        summary: "Change the caller's notification channels",
        description:
          "Only what the body names changes (a kind wholly or partly, quietHours, digest; quietHours null: back to 21:00-08:00); answers the whole choice.",
        body: ZChannelsBody,
        response: { 200: ZChannels },
      },
    },
    async (req) => updateMyChannels(req.churchCtx, req.body),
  );
};
