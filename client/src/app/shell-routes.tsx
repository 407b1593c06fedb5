import { isAdminRole } from "@common/roles";
import { Route, Switch, useParams } from "wouter";
import { AdminDashboardPage } from "@/features/admin-dashboard/pages/admin-dashboard-page";
import { ChurchSettingsPage } from "@/features/church-settings/pages/church-settings-page";
import { MemberDashboardPage } from "@/features/dashboard/pages/member-dashboard-page";
import { EventsPage } from "@/features/events/pages/events-page";
import { ManageEventsPage } from "@/features/events/pages/manage-events-page";
import { InvitationsPage } from "@/features/invitations/pages/invitations-page";
import { MembersPage } from "@/features/members/pages/members-page";
import { ComingSoonPage } from "@/features/misc/pages/coming-soon-page";
import { NotFoundPage } from "@/features/misc/pages/not-found-page";
import { ManageSermonsPage } from "@/features/sermons/pages/manage-sermons-page";
import { SermonArchivePage } from "@/features/sermons/pages/sermon-archive-page";
import { SermonDetailPage } from "@/features/sermons/pages/sermon-detail-page";
import { AdminOnly } from "./admin-only";
import { useCurrentUser } from "./current-user";
import { COMING_SOON_ROUTES } from "./route-table";

function SermonDetailRoute() {
  const { id = "" } = useParams<{ id: string }>();
  return <SermonDetailPage key={id} id={id} />;
}

/** The spec 2 route table, for a signed-in user with a church. */
export function ShellRoutes() {
  const user = useCurrentUser();
  return (
    <Switch>
      <Route path="/">{isAdminRole(user.role) ? <AdminDashboardPage /> : <MemberDashboardPage />}</Route>
      <Route path="/sermons" component={SermonArchivePage} />
      <Route path="/sermons/:id" component={SermonDetailRoute} />
      <Route path="/events" component={EventsPage} />
      <Route path="/admin/sermons">
        <AdminOnly>
          <ManageSermonsPage />
        </AdminOnly>
      </Route>
      <Route path="/admin/events">
        <AdminOnly>
          <ManageEventsPage />
        </AdminOnly>
      </Route>
      <Route path="/admin">
        <AdminOnly>
          <AdminDashboardPage />
        </AdminOnly>
      </Route>
      <Route path="/admin/dashboard">
        <AdminOnly>
          <AdminDashboardPage />
        </AdminOnly>
      </Route>
      <Route path="/admin/members">
        <AdminOnly>
          <MembersPage />
        </AdminOnly>
      </Route>
      <Route path="/admin/invitations">
        <AdminOnly>
          <InvitationsPage />
        </AdminOnly>
      </Route>
      <Route path="/admin/settings">
        <AdminOnly>
          <ChurchSettingsPage />
        </AdminOnly>
      </Route>
      {COMING_SOON_ROUTES.map(({ path, title, admin }) => (
        <Route key={path} path={path}>
          {admin ? (
            <AdminOnly>
              <ComingSoonPage title={title} />
            </AdminOnly>
          ) : (
            <ComingSoonPage title={title} />
          )}
        </Route>
      ))}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
