/**
 * The kinds of data (`supported_resources` slugs) that every catalogue names in its own words: the
 * common ones. Any other slug is shown humanised (`blood_oxygen` → "Blood oxygen"): the service's
 * list is open, so a name must never be missing.
 */
export const RESOURCE_KINDS = [
  'sleep',
  'activity',
  'heartrate',
  'hrv',
  'workouts',
  'steps',
  'calories_active',
  'body',
  'weight',
  'fat',
  'glucose',
  'blood_pressure',
  'body_temperature',
  'respiratory_rate',
  'menstrual_cycle',
  'meal',
  'profile',
] as const;

export type ResourceKind = (typeof RESOURCE_KINDS)[number];
