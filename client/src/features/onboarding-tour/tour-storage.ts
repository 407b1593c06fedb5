import { readStorage, writeStorage } from "@/lib/storage";

/** Spec 1 screen 4 and state 4: the tour shows about 1 s after load, unless completed. */
export const ONBOARDING_TOUR_DELAY_MS = 1000;
/** Spec 2 section 9: the admin welcome tour shows 1 s after load, once per user. */
export const WELCOME_TOUR_DELAY_MS = 1000;

export const onboardingTourKey = (userId: string) => `onboarding_completed_${userId}`;
export const welcomeTourKey = (userId: string) => `welcome_tour_${userId}`;

export const isOnboardingTourDone = (userId: string) => readStorage(onboardingTourKey(userId)) === "true";
export const markOnboardingTourDone = (userId: string) => writeStorage(onboardingTourKey(userId), "true");
export const isWelcomeTourDone = (userId: string) => readStorage(welcomeTourKey(userId)) === "true";
export const markWelcomeTourDone = (userId: string) => writeStorage(welcomeTourKey(userId), "true");
