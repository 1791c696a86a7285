import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** Delay before the live region speaks, so screen readers notice the change. */
const ANNOUNCE_DELAY_MS = 120;

/** What the widget shows now, as said to a screen reader; worked out from the state and the words. */
export interface Announcement {
  /** What is shown: a new state, or a new error in the same state, is something new to say. */
  readonly key: readonly unknown[];
  /** The screen; moving to another one moves focus to its heading. */
  readonly step: string | null;
  readonly text: string;
  /** A request is in flight: say what is happening and leave focus where it is. */
  readonly busy: boolean;
}

const sameKey = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((value, i) => Object.is(value, b[i]));

/**
 * Focus and the polite live region, after each update of the host: a new screen takes focus to
 * its heading (or to the field an error names) once the user has interacted, unless the user has
 * since moved on to something else on the page; and the region says
 * the step and its first line, or the error. It never reads text back from the DOM: the words
 * come from the host's announcement.
 */
export class AnnouncerController implements ReactiveController {
  #shown: Announcement | null = null;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Focus moves only after the user has touched the widget: a page load must not steal it. */
  #interacted = false;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly current: () => Announcement | null,
  ) {
    host.addController(this);
    // On the host itself, so they live and go with it: nothing to remove (Lit, "Events").
    host.addEventListener('pointerdown', this.#markInteracted);
    host.addEventListener('keydown', this.#markInteracted);
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
  }

  hostUpdated(): void {
    const next = this.current();
    if (!next || (this.#shown && sameKey(this.#shown.key, next.key))) return;
    const previousStep = this.#shown?.step;
    this.#shown = next;
    if (!next.busy && this.#interacted) this.#moveFocus(next.step !== previousStep);
    this.#say(next.text);
  }

  #markInteracted = () => {
    this.#interacted = true;
  };

  /** To the field the error names (the last one it concerns), else to the new screen's heading. */
  #moveFocus(newStep: boolean): void {
    const root = this.host.shadowRoot;
    // Only from this widget, or from nowhere (the focused step was replaced): never from a field
    // or another widget elsewhere on the page, where a person may be typing when a result arrives.
    if (!root || ((this.host.getRootNode() as Document | ShadowRoot).activeElement != this.host && document.activeElement != document.body)) return;
    const invalid = [...root.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[aria-invalid="true"]')].at(-1);
    if (invalid) {
      invalid.focus();
      // What was typed is selected, to type over; a list keeps its choice.
      if (invalid instanceof HTMLInputElement) invalid.select();
    } else if (newStep || !root.activeElement) {
      root.querySelector<HTMLElement>('h2')?.focus();
    }
  }

  /** Empties the live region, then fills it a moment later, so screen readers notice. */
  #say(text: string): void {
    const region = this.host.shadowRoot?.querySelector('#announcer');
    if (!region) return;
    clearTimeout(this.#timer);
    region.textContent = '';
    this.#timer = setTimeout(() => {
      region.textContent = text;
    }, ANNOUNCE_DELAY_MS);
  }
}
