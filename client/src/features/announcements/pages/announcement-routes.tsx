import { useLocation, useParams } from "wouter";
import { AnnouncementPage } from "./announcement-page";
import { AnnouncementsPage } from "./announcements-page";
import { GroupAnnouncePage } from "./group-announce-page";

/**
 * The member's announcement pages behind one entry of the route table (each entry weighs on every
 * page's first download, the signed-out landing page's too): `/announcements`, `/announcements/:id`
 * and a group's leader's `/groups/:id/announce`. Another id is another page (no state carried over).
 */
export function AnnouncementsRoute() {
  const [path] = useLocation();
  const { id = "" } = useParams<{ id?: string }>();
  if (path.startsWith("/groups/")) return <GroupAnnouncePage key={id} groupId={id} />;
  if (id) return <AnnouncementPage key={id} id={id} />;
  return <AnnouncementsPage />;
}
