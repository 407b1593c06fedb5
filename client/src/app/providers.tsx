import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, Suspense } from "react";
import { ToastOutlet } from "@/components/ui/toast-outlet";
import { LanguageProvider } from "@/lib/i18n";
import { queryClient as defaultClient } from "@/lib/query-client";

/**
 * Words, data and toasts for every page; tooltips are drawn by CSS alone (ui/tooltip.tsx). What waits
 * for a language's words outside any page (the shell) shows nothing for the moment it takes.
 */
export function AppProviders({ children, client = defaultClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <LanguageProvider>
      <QueryClientProvider client={client}>
        <Suspense fallback={null}>
          {children}
          <ToastOutlet />
        </Suspense>
      </QueryClientProvider>
    </LanguageProvider>
  );
}
