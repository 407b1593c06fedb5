import type { TPublicChurchPage, ZInvitationRequestBody } from "@common/public-church";
import {
  INVITATION_REQUESTS_PER_EMAIL_PER_DAY,
  PUBLIC_PAGE_EVENTS,
  PUBLIC_PAGE_SERMONS,
} from "@common/public-church-helpers";
import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import type { z } from "zod";
import type { TDb } from "../../db/client";
import { churches } from "../../db/schema/churches";
import { invitationRequests } from "../../db/schema/invitations";
import { sermons } from "../../db/schema/sermons";
import { inChurch } from "../../lib/church-scope";
import { publish } from "../../lib/domain-events";
import { AppError, notFound } from "../../lib/errors";
import { msg, type Text } from "../../lib/i18n";
import { findOccurrences } from "../events/occurrences.service";
import { findServices } from "../events/services.service";

const NOT_PUBLISHED = "This church has no public page here.";
const DAY_MS = 86_400_000;

/** The church behind /c/{slug}, only while its admins have published the page; otherwise 404. */
async function findPublishedChurch(db: TDb, slug: string) {
  const [row] = await db
    .select()
    .from(churches)
    .where(and(eq(churches.slug, slug.toLowerCase()), eq(churches.publicPage, true)));
  if (!row) throw notFound(NOT_PUBLISHED);
  return row;
}

/**
 * The public page's data. The one place that decides what a visitor sees: each field is picked here
 * by name (no member, no draft, no feed token, no settings beyond the church's own contact details).
 */
export async function getPublicChurchPage(db: TDb, slug: string): Promise<TPublicChurchPage> {
  const church = await findPublishedChurch(db, slug);
  const scope = { churchId: church.id };
  // Read as no one in particular: a visitor has no RSVP.
  const reader = { db, churchId: church.id, userId: "00000000-0000-0000-0000-000000000000", timeZone: church.timeZone };
  const now = new Date();
  const [sermonRows, upcoming, services] = await Promise.all([
    db
      .select({ id: sermons.id, title: sermons.title, speaker: sermons.speaker, date: sermons.date })
      .from(sermons)
      .where(inChurch(sermons, scope, eq(sermons.isDraft, false)))
      .orderBy(desc(sermons.date), desc(sermons.createdAt))
      .limit(PUBLIC_PAGE_SERMONS),
    // Upcoming occurrences over the next three months, and the one in progress now; the services
    // have their own section (their times), so a weekly service does not fill this one.
    findOccurrences(reader, { from: now, to: new Date(now.getTime() + 92 * DAY_MS) }, { isService: false }),
    findServices(reader, now),
  ]);
  const eventRows = upcoming.slice(0, PUBLIC_PAGE_EVENTS).map((o) => ({
    id: o.event.id,
    title: o.title,
    startTime: o.start,
    endTime: o.end,
    location: o.location,
  }));
  return {
    church: {
      name: church.name,
      slug: church.slug,
      logoUrl: church.logoUrl,
      brandColor: church.brandColor,
      timeZone: church.timeZone,
      address: church.address,
      phone: church.phone,
      email: church.email,
      website: church.website,
    },
    services,
    sermons: sermonRows,
    events: eventRows.map((e) => ({
      ...e,
      startTime: e.startTime.toISOString(),
      endTime: e.endTime.toISOString(),
    })),
  };
}

/** The visitor's thanks, in their language when answered (issue 26). */
export const INVITATION_REQUEST_SENT = msg`Thank you! Your request was sent to the church's leaders; they will be in touch by email.`;

/**
 * A visitor asks the church for an invitation. The answer is the same whoever the address belongs to
 * (a member, a stranger), so the form tells nobody who is in the church. An address may ask at most
 * INVITATION_REQUESTS_PER_EMAIL_PER_DAY times a day across all churches; the route limits each network
 * address besides.
 */
export async function createInvitationRequest(
  db: TDb,
  slug: string,
  body: z.output<typeof ZInvitationRequestBody>,
): Promise<{ message: Text }> {
  const church = await findPublishedChurch(db, slug);
  await db.transaction(async (tx) => {
    // Two requests from one address at once count one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`invitation-request:${body.email}`}))`);
    // Stamped and counted on the app's clock alike (not created_at's default, the database's now()).
    const now = new Date();
    const [{ n }] = await tx
      .select({ n: count() })
      .from(invitationRequests)
      .where(
        and(
          eq(invitationRequests.email, body.email),
          gte(invitationRequests.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      );
    if (n >= INVITATION_REQUESTS_PER_EMAIL_PER_DAY) {
      throw new AppError(
        "RATE_LIMITED",
        "This address has asked for invitations too often today. Please try again tomorrow.",
        { headers: { "retry-after": String(DAY_MS / 1000) } },
      );
    }
    const [request] = await tx
      .insert(invitationRequests)
      .values({ churchId: church.id, name: body.name, email: body.email, message: body.message, createdAt: now })
      .returning({ id: invitationRequests.id });
    // The admins' feed and bell follow from the event (features/admin, features/notifications).
    await publish(tx, "invitation_request.created", { churchId: church.id, actorId: null, requestId: request.id });
  });
  return { message: INVITATION_REQUEST_SENT };
}
