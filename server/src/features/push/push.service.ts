import type { FastifyBaseLogger } from "fastify";
import type { TRootDb } from "../../db/client";
import type { SecretBox } from "../../lib/secrets";

export type TPushOptions = {
  /**
   * Test-only: an origin (e.g. `http://127.0.0.1:4567`) whose endpoints are accepted and sent to
   * without the public-address and https checks, for the local push-service stand-in. Never set by
   * configuration: only tests pass it to buildApp.
   */
  testEndpointOrigin?: string;
};

/** Web push (issue 11): VAPID keys, subscriptions and sending. Skeleton; filled in by the push feature. */
export class PushService {
  constructor(
    readonly db: TRootDb,
    readonly secrets: SecretBox,
    readonly log: FastifyBaseLogger,
    readonly opts: TPushOptions = {},
  ) {}

  /** Sends the stored notifications `ids` of `churchId` to their members' subscribed devices. */
  async deliver(_churchId: string, _ids: string[]): Promise<void> {}
}
