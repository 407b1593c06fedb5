import { useQuery } from "@tanstack/react-query";

/**
 * Whether this browser receives push (permission granted and a subscription in its service
 * worker), for the channel choices' note; the Mobile App page is where it is turned on (a feature
 * reads no other feature's code, so these few lines are its own).
 */
async function hasDevicePush(): Promise<boolean> {
  if (!("serviceWorker" in navigator && "PushManager" in window && "Notification" in window)) return false;
  if (Notification.permission !== "granted") return false;
  const registration = await navigator.serviceWorker.getRegistration();
  return !!(await registration?.pushManager.getSubscription());
}

/** Not a server answer, so not a path. */
const DEVICE_PUSH_KEY = ["browser", "has-push"] as const;

export function useDevicePush() {
  return useQuery({ queryKey: DEVICE_PUSH_KEY, queryFn: hasDevicePush, staleTime: 0 });
}
