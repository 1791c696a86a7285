/**
 * A partner who sets both the accent and the text on it (`--provider-link-accent`,
 * `--provider-link-on-accent`) to colours that read below 4.5:1 against each other hears of it
 * once in the console, with both colours and the ratio: the primary buttons would be hard to read.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** WCAG 2's least contrast for body text (AA). */
export const MIN_CONTRAST = 4.5;

/**
 * The pairs already checked on this page: each is worked out, and reported, once, however many
 * widgets and renders there are.
 */
const checked = new Set<string>();

/**
 * For each element, where its colours could come from when it was last looked at. Reading the
 * colours means `getComputedStyle`, a style recalculation forced on every render (each keystroke
 * in the search box); these few reads cost nothing, so the colours are read again only when one
 * changed: the element's inline style, class or theme, the system's colour scheme (a page may set
 * its colours under `prefers-color-scheme`, which the default theme, auto, follows), or the number
 * of style sheets on its page or in the shadow root holding it. What this misses: a partner editing
 * the rules of a sheet already there, or the custom properties on an ancestor, after the widget
 * first rendered; colours changed at runtime are rare, and the hint is a courtesy for a partner
 * trying colours out.
 */
const lookedAtUnder = new WeakMap<Element, string>();

function colourSources(element: Element): string {
  const root = element.getRootNode();
  const sheets = (holder: Node) => (holder instanceof Document || holder instanceof ShadowRoot ? `${holder.styleSheets.length}/${holder.adoptedStyleSheets.length}` : '');
  const attributes = ['style', 'class', 'theme'].map((name) => element.getAttribute(name));
  const scheme = element.ownerDocument.defaultView?.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  return [...attributes, scheme, sheets(element.ownerDocument), root === element.ownerDocument ? '' : sheets(root)].join('\n');
}

/** WCAG 2 relative luminance of 8-bit sRGB channels. */
export function luminance(rgb: readonly number[]): number {
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two 8-bit sRGB colours, from 1 to 21. */
export function contrastRatio(a: readonly number[], b: readonly number[]): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * A CSS colour as opaque 8-bit sRGB, painted on a 1 × 1 canvas so that every notation the browser
 * knows works (`oklch()`, `color(…)`, names); null for what is not an opaque colour (a
 * translucent one reads against whatever is under it, which this cannot know).
 */
function opaqueSrgb(color: string, doc: Document): number[] | null {
  const context = doc.createElement('canvas').getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  // A value the canvas refuses leaves fillStyle as it was: two different starting points tell.
  context.fillStyle = '#000';
  context.fillStyle = color;
  const fromBlack = context.fillStyle;
  context.fillStyle = '#fff';
  context.fillStyle = color;
  if (context.fillStyle !== fromBlack) return null;
  context.fillRect(0, 0, 1, 1);
  const [r, g, b, alpha] = context.getImageData(0, 0, 1, 1).data;
  return alpha === 255 ? [r!, g!, b!] : null;
}

/** Checks the partner's accent pair on `element`; warns the first time a pair reads below 4.5:1. */
export function hintAtLowContrast(element: Element): void {
  const sources = colourSources(element);
  if (lookedAtUnder.get(element) === sources) return;
  lookedAtUnder.set(element, sources);
  const style = getComputedStyle(element);
  const accent = style.getPropertyValue('--provider-link-accent').trim();
  const onAccent = style.getPropertyValue('--provider-link-on-accent').trim();
  // Without the partner's own text colour, the widget picks black or white to suit the accent.
  if (!accent || !onAccent) return;
  const key = `${accent}\n${onAccent}`;
  if (checked.has(key)) return;
  checked.add(key);
  const [a, b] = [opaqueSrgb(accent, element.ownerDocument), opaqueSrgb(onAccent, element.ownerDocument)];
  if (!a || !b) return;
  const ratio = contrastRatio(a, b);
  if (ratio >= MIN_CONTRAST) return;
  // Rounded down: a ratio just under the limit must not print as 4.5.
  const shown = Math.floor(ratio * 100) / 100;
  console.warn(
    `<provider-link>: --provider-link-accent ${accent} and --provider-link-on-accent ${onAccent} read at ${shown}:1; text needs ${MIN_CONTRAST}:1.`,
  );
}

/**
 * Looks at the partner's colours (`hintAtLowContrast`) once the frame that shows an update is
 * painted, not in the update: reading them forces a style recalculation, which in the first update
 * would stand before the first screen's request and frame. However many updates a frame holds,
 * the colours are looked at once; a widget removed before then is not looked at, and leaves no
 * frame or timer asked for (in a tab out of sight, a frame would not come until the tab shows).
 */
export class ContrastHintController implements ReactiveController {
  #frame = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly host: ReactiveControllerHost & Element) {
    host.addController(this);
  }

  hostUpdated(): void {
    if (this.#frame || this.#timer !== undefined) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      this.#timer = setTimeout(() => {
        this.#timer = undefined;
        hintAtLowContrast(this.host);
      });
    });
  }

  hostDisconnected(): void {
    cancelAnimationFrame(this.#frame);
    clearTimeout(this.#timer);
    this.#frame = 0;
    this.#timer = undefined;
  }
}
