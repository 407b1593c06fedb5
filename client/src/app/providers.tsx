import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { ToastOutlet } from "@/components/ui/toast-outlet";
import { queryClient as defaultClient } from "@/lib/query-client";

/** Data and toasts for every page; tooltips are drawn by CSS alone (ui/tooltip.tsx). */
export function AppProviders({ children, client = defaultClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToastOutlet />
    </QueryClientProvider>
  );
}
