import { AlertCircle } from "lucide-react";
import { Link } from "wouter";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Spec 1 screen 3: the fallback for an unknown route. */
export function NotFoundPage({ standalone }: { standalone?: boolean }) {
  useDocumentTitle("Page Not Found");
  const card = (
    <Card className="mx-auto w-full max-w-md p-6">
      <div className="mb-3 flex items-center gap-2">
        <AlertCircle className="size-7 text-red-600" aria-hidden="true" />
        <h1 className="text-2xl font-bold tracking-tight">404 Page Not Found</h1>
      </div>
      <p className="text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
      <Link href="/" className={buttonClasses({ variant: "outline", className: "mt-5" })}>
        Go to Homepage
      </Link>
    </Card>
  );
  if (!standalone) return <div className="py-10">{card}</div>;
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="flex min-h-dvh items-center justify-center bg-background px-4 outline-none"
    >
      {card}
    </main>
  );
}
