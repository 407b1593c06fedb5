import { createContext, type ReactNode, useContext, useEffect, useState } from "react";

type TShellNotices = { isEmailNoticeHidden: boolean; setEmailNoticeHidden: (hidden: boolean) => void };

const ShellNoticesContext = createContext<TShellNotices>({
  isEmailNoticeHidden: false,
  setEmailNoticeHidden: () => undefined,
});

/** What the shell shows above every page, and which page asks it to step aside. */
export function ShellNoticesProvider({ children }: { children: ReactNode }) {
  const [isEmailNoticeHidden, setEmailNoticeHidden] = useState(false);
  return (
    <ShellNoticesContext.Provider value={{ isEmailNoticeHidden, setEmailNoticeHidden }}>
      {children}
    </ShellNoticesContext.Provider>
  );
}

export function useIsShellEmailNoticeHidden(): boolean {
  return useContext(ShellNoticesContext).isEmailNoticeHidden;
}

/**
 * A page that shows the e-mail reminder itself (the admin's welcome card carries it) hides the
 * shell's copy while `hidden`, so the two never stack (issue 24: one layer at a time).
 */
export function useHideShellEmailNotice(hidden: boolean): void {
  const { setEmailNoticeHidden } = useContext(ShellNoticesContext);
  useEffect(() => {
    setEmailNoticeHidden(hidden);
    return () => setEmailNoticeHidden(false);
  }, [hidden, setEmailNoticeHidden]);
}
