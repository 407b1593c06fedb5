import type { ReactNode } from "react";
import { Route, Switch, useLocation, useRouter } from "wouter";
import { FullPageLoader } from "@/components/full-page-loader";
import { PageBoundary } from "@/components/page-boundary";
import { matchRoutes, NotFoundPage, type TRoute } from "./routes";

/** The routes of the table that this visitor may see, then `fallback` for any other address. */
export function RouteSwitch({
  routes,
  render,
  fallback,
}: {
  routes: TRoute[];
  render: (route: TRoute) => ReactNode;
  fallback: ReactNode;
}) {
  return (
    <Switch>
      {routes.map((route) => (
        <Route key={`${route.access} ${route.path}`} path={route.path}>
          {render(route)}
        </Route>
      ))}
      <Route>{fallback}</Route>
    </Switch>
  );
}

/** The table's routes that match the current address, for any kind of visitor. */
export function useMatchedRoutes(): TRoute[] {
  const [location] = useLocation();
  return matchRoutes(useRouter().parser, location);
}

/** A page drawn on its own (no shell), with a spinner while its code downloads. */
export function Standalone({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <PageBoundary fallback={<FullPageLoader />} resetKey={location}>
      {children}
    </PageBoundary>
  );
}

export const standaloneNotFound = (
  <Standalone>
    <NotFoundPage standalone />
  </Standalone>
);
