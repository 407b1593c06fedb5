import { isAdminRole } from "@common/roles";
import type { ReactNode } from "react";
import { AccessDenied } from "@/components/access-denied";
import { useCurrentUser } from "./current-user";

/** Admin screens: ADMIN and SUPER_ADMIN only; everyone else gets the Access Denied toast and screen. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  return isAdminRole(user.role) ? children : <AccessDenied />;
}
