import { nothing } from 'lit';
import { AsyncDirective, directive, PartType } from 'lit/async-directive.js';
import type { ElementPart, PartInfo } from 'lit/async-directive.js';

/**
 * `<img ${nearScreenSrc(url)}>`: the image gets its `src`, and so is fetched, only once the box
 * it sits in (a list's row) is on screen; a row whose edge shows has its logo coming.
 * `loading="lazy"` is not enough: every engine loads lazy images some way ahead of the viewport,
 * in a scrolling box too, so a long list fetched logos for rows nobody saw (13 of a first page of
 * 30 in Chromium at 1280 × 720).
 *
 * An IntersectionObserver with the implicit root clips by every scrolling ancestor on the way,
 * the widget's own scrolling part included, in every engine. It keeps watching after the first
 * load: an image given another address (a provider's logo changed in a new list) must not show
 * the old one, nor fetch the new one while it is out of sight. (The list keys its rows by
 * provider, so a search keeps each row, and its logo, with its provider.)
 */
class NearScreenSrc extends AsyncDirective {
  #image: HTMLImageElement | undefined;
  #box: Element | undefined;
  #src = '';
  #near = false;

  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.ELEMENT) throw new Error('nearScreenSrc() belongs on an <img> element');
  }

  render(_src: string) {
    return nothing;
  }

  override update(part: ElementPart, [src]: [string]) {
    this.#src = src;
    if (!this.#image) {
      const image = (this.#image = part.element as HTMLImageElement);
      // The image may still be in its template's fragment: its row is its parent once Lit has
      // put it in place, later in this same render.
      queueMicrotask(() => {
        if (this.isConnected) this.#watch(image);
      });
    }
    this.#apply();
    return nothing;
  }

  /** Called by the observer: the image has come on screen, or left it. */
  seen(near: boolean) {
    this.#near = near;
    this.#apply();
  }

  #apply() {
    const image = this.#image;
    if (!image) return;
    const current = image.getAttribute('src');
    if (this.#near) {
      if (current !== this.#src) image.src = this.#src;
    } else if (current !== null && current !== this.#src) {
      image.removeAttribute('src');
    }
  }

  protected override disconnected() {
    if (this.#box) unwatch(this.#box);
  }

  protected override reconnected() {
    if (this.#image) this.#watch(this.#image);
  }

  #watch(image: HTMLImageElement) {
    this.#box ??= image.parentElement ?? image;
    watch(this.#box, this);
  }
}

export const nearScreenSrc = directive(NearScreenSrc);

/** One observer for every logo on the page; it holds nothing once the rows are gone. */
let observer: IntersectionObserver | undefined;
const watchers = new WeakMap<Element, NearScreenSrc>();

function watch(box: Element, watcher: NearScreenSrc) {
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) watchers.get(entry.target)?.seen(entry.isIntersecting);
  });
  watchers.set(box, watcher);
  observer.observe(box);
}

function unwatch(box: Element) {
  watchers.delete(box);
  observer?.unobserve(box);
}
