import type { TAuthUser } from "@common/auth";
import { createContext, type ReactNode, useContext } from "react";

/** A signed-in user who belongs to a church: what every screen inside the shell can rely on. */
export type TChurchUser = TAuthUser & { churchId: string; church: NonNullable<TAuthUser["church"]> };

const CurrentUserContext = createContext<TChurchUser | null>(null);

export function CurrentUserProvider({ user, children }: { user: TChurchUser; children: ReactNode }) {
  return <CurrentUserContext.Provider value={user}>{children}</CurrentUserContext.Provider>;
}

export function useCurrentUser(): TChurchUser {
  const user = useContext(CurrentUserContext);
  if (!user) throw new Error("useCurrentUser must be used inside the signed-in shell");
  return user;
}

/** The signed-in church user, or null on a public page (sermon detail signed out). */
export function useOptionalCurrentUser(): TChurchUser | null {
  return useContext(CurrentUserContext);
}

export function isChurchUser(user: TAuthUser | null): user is TChurchUser {
  return !!user && !!user.churchId && !!user.church;
}
