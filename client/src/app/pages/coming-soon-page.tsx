import { Hammer } from "lucide-react";
import { Link } from "wouter";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Stands in for a screen a later release builds; keeps its place in the navigation. */
export function ComingSoonPage({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <>
      <h1 className="mb-6 text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
      <Card className="flex flex-col items-center gap-3 px-6 py-14 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-soft text-brand-text">
          <Hammer className="size-6" aria-hidden="true" />
        </span>
        <p className="text-lg font-semibold">Coming soon</p>
        <p className="max-w-md text-muted-foreground">
          We're putting the finishing touches on {title}. It will be ready for your church shortly.
        </p>
        <Link href="/" className={buttonClasses({ variant: "outline", className: "mt-2" })}>
          Back to Dashboard
        </Link>
      </Card>
    </>
  );
}
