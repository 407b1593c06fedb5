import { ShieldAlert } from "lucide-react";
import { useEffect } from "react";
import { Link } from "wouter";
import { buttonClasses } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";

/** Spec 2 section 6: a non-admin on an admin screen gets a toast and this screen. */
export function AccessDenied() {
  useEffect(() => {
    toast({
      title: "Access Denied",
      description: "You don't have permission to access this page.",
      variant: "destructive",
    });
  }, []);
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <div className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700">
        <ShieldAlert className="size-7" aria-hidden="true" />
      </div>
      <h1 className="text-2xl font-bold tracking-tight">Access Denied</h1>
      <p className="text-muted-foreground">You don't have permission to access this page.</p>
      <Link href="/" className={buttonClasses({ variant: "outline", className: "mt-2" })}>
        Back to Dashboard
      </Link>
    </div>
  );
}
