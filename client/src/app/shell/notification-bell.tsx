import { Bell, BellOff } from "lucide-react";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";

/** The sidebar's notification bell. Notifications arrive in a later issue; until then it says so. */
export function NotificationBell() {
  return (
    <Popover>
      <PopoverTrigger
        aria-label="Notifications"
        className="relative inline-flex size-9 items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        <Bell className="size-5" aria-hidden="true" />
      </PopoverTrigger>
      <PopoverContent align="start" aria-label="Notifications">
        <p className="text-sm font-semibold">Notifications</p>
        <div className="flex flex-col items-center gap-2 py-6 text-center">
          <BellOff className="size-6 text-stone-400" aria-hidden="true" />
          <p className="text-sm text-muted-foreground">No notifications yet</p>
        </div>
      </PopoverContent>
    </Popover>
  );
}
