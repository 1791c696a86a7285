/** Waiting for a signal in a test, with one limit for the whole suite. */
import { waitUntil as waitUntilWithin } from '@open-wc/testing';

/**
 * How long a wait may go unanswered before its test fails. Every wait ends as soon as what it
 * waits for is there, so only a test that would otherwise hang comes near it; it is long because
 * test files run side by side on two cores, beside whatever else the machine runs, and a slow
 * moment must not fail a test that would have passed.
 */
export const WAIT_LIMIT_MS = 30_000;

/** Waits until `predicate` holds (polled, as @open-wc/testing's waitUntil), failing with `message` after WAIT_LIMIT_MS. */
export function waitUntil(predicate: () => unknown, message?: string, options: { interval?: number } = {}): Promise<void> {
  return waitUntilWithin(predicate, message, { ...options, timeout: WAIT_LIMIT_MS });
}

