/**
 * The tours and welcomes shown once per person, whose completion the server keeps (issue 24): a new
 * phone or browser does not show them again. Without zod: the shell reads it on its first screen.
 */
export const TOUR_NAMES = [
  /** The member's onboarding tour (a short dialog walk-through of the app). */
  "welcome",
  /** The new church leader's welcome card with three first steps, on the admin dashboard. */
  "admin-welcome",
] as const;
export type TTourName = (typeof TOUR_NAMES)[number];

export const isTourName = (name: string): name is TTourName => (TOUR_NAMES as readonly string[]).includes(name);
