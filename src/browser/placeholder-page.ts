/**
 * What a sign-in window shows while the provider's address is on its way: the provider's name, a
 * spinner and "Opening <Provider>…", in the widget's language, direction, colours and font. Knows
 * neither Lit nor the machine.
 *
 * The blank window shares the opener's Content-Security-Policy and Trusted Types, so the page is
 * built with DOM calls (no HTML parsing, no Trusted Types sink), its rules go in a constructed
 * stylesheet (`style-src 'self'` blocks a `<style>` element) and the widget's colours in custom
 * properties set through the CSSOM (not a `style` attribute, which the same policy blocks).
 */
export interface PlaceholderPage {
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The provider's name, the page's heading. */
  provider: string;
  /** "Opening <Provider>…": the line under the spinner, and the window's title. */
  text: string;
  /** The widget's look as it is computed: colours, font, colour scheme; absent ones keep the page's defaults. */
  look: Partial<Record<PlaceholderLook, string>>;
}

export type PlaceholderLook = 'background' | 'text' | 'muted' | 'accent' | 'font' | 'color-scheme';

/** Tagged so that the build minifies it as it does the widget's own stylesheets. */
const css = String.raw;

const RULES = css`
  /* Without the widget's look (it had not drawn its frame), the system's colours, as the widget's
     default theme, auto, would have been. */
  :root {
    color-scheme: var(--color-scheme, light dark);
    background: var(--background, Canvas);
    color: var(--text, CanvasText);
    font-family: var(--font, system-ui, sans-serif);
  }
  body {
    margin: 0;
    min-height: 90vh;
    display: grid;
    place-content: center;
    justify-items: center;
    gap: 16px;
    text-align: center;
  }
  main {
    display: contents;
  }
  h1 {
    margin: 0;
    font-size: 1.5rem;
    line-height: 1.3;
    overflow-wrap: anywhere;
  }
  p {
    margin: 0;
    color: var(--muted, CanvasText);
  }
  .spinner {
    width: 32px;
    height: 32px;
    border: 3px solid var(--accent, #1f5fd1);
    border-inline-end-color: transparent;
    border-radius: 50%;
    animation: spin 0.8s linear infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
  /* As in the widget: slower, not still, so the page still says it is working. */
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation-duration: 3s;
    }
  }
`;

/** Writes the page into a blank window of this origin; a window it cannot write to keeps its blank page. */
export function writePlaceholderPage(win: Window, page: PlaceholderPage): void {
  const doc = win.document;
  const root = doc.documentElement;
  root.lang = page.lang;
  root.dir = page.dir;
  for (const [name, value] of Object.entries(page.look)) if (value) root.style.setProperty(`--${name}`, value);
  doc.title = page.text;
  // The window's own constructor: a sheet made in this realm cannot be adopted by another document.
  const Sheet = (win as Window & { CSSStyleSheet?: typeof CSSStyleSheet }).CSSStyleSheet;
  if (Sheet && 'adoptedStyleSheets' in doc) {
    const sheet = new Sheet();
    sheet.replaceSync(RULES);
    doc.adoptedStyleSheets = [sheet];
  }
  const heading = doc.createElement('h1');
  heading.textContent = page.provider;
  heading.dir = 'auto';
  const spinner = doc.createElement('div');
  spinner.className = 'spinner';
  spinner.setAttribute('aria-hidden', 'true');
  const line = doc.createElement('p');
  line.setAttribute('role', 'status');
  line.textContent = page.text;
  const main = doc.createElement('main');
  main.append(heading, spinner, line);
  doc.body.replaceChildren(main);
}
