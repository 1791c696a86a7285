/**
 * A small mark a tab keeps in its own sessionStorage for one OAuth round trip: which provider a
 * full-page redirect left for, which attempt a sign-in window belongs to. Nothing secret goes in.
 * Storage that is disabled or throws (some webviews, private modes) reads as no mark.
 */

/**
 * A round trip to a provider's sign-in takes minutes; a mark older than this was abandoned, and
 * must not let a site visited later in the tab send it to the return page with a result.
 */
const LIFETIME_MS = 15 * 60 * 1000;

function storage(win: Window): Storage | null {
  try {
    return win.sessionStorage;
  } catch {
    return null;
  }
}

export function setMark(win: Window, key: string, value: Record<string, string>): void {
  try {
    storage(win)?.setItem(key, JSON.stringify({ ...value, at: Date.now() }));
  } catch {
    // Storage full or refused: the flow goes on without the mark.
  }
}

/** The mark's fields, when it is there, fresh, and every field asked for is a string. */
export function getMark<K extends string>(win: Window, key: string, fields: readonly K[]): Record<K, string> | null {
  try {
    const mark = JSON.parse(storage(win)?.getItem(key) ?? 'null') as Record<string, unknown> | null;
    const fresh = typeof mark?.at === 'number' && Date.now() - mark.at < LIFETIME_MS;
    return fresh && fields.every((field) => typeof mark[field] === 'string') ? (mark as Record<K, string>) : null;
  } catch {
    return null;
  }
}

export function removeMark(win: Window, key: string): void {
  storage(win)?.removeItem(key);
}
