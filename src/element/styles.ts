import { css } from 'lit';

/**
 * The page's inherited text properties stop at the widget: each is set back to the widget's own
 * value, so a host page's `body { text-align: center; line-height: 3; … }` (the stock Vite
 * template's, say) changes nothing inside. The public `--provider-link-*` properties stay the way
 * in. Left to inherit on purpose: `direction` (each screen sets its own `dir`, and the host box's
 * place in the page is the page's), and `visibility`, `pointer-events` and `cursor`, which a page
 * sets on a container to hide or disable what is in it. Font family, size, line height and colour
 * are the widget's own in the rule below. Sizes are in `em` of the host's font size, not `rem`:
 * a page's root font size (`html { font-size: 62.5% }`) would reach them too.
 */
const ownText = css`
  :host {
    font-style: normal;
    font-variant: normal;
    font-weight: 400;
    font-stretch: normal;
    font-kerning: auto;
    font-size-adjust: none;
    font-feature-settings: normal;
    font-variation-settings: normal;
    font-optical-sizing: auto;
    letter-spacing: normal;
    word-spacing: normal;
    text-align: start;
    text-align-last: auto;
    text-indent: 0;
    text-transform: none;
    text-shadow: none;
    text-rendering: auto;
    text-wrap-style: auto;
    white-space: normal;
    word-break: normal;
    overflow-wrap: normal;
    line-break: auto;
    hyphens: manual;
    tab-size: 8;
    writing-mode: horizontal-tb;
    text-orientation: mixed;
    list-style: outside none disc;
    quotes: auto;
    caret-color: auto;
    accent-color: auto;
  }
`;

/**
 * The dark palette, for theme="dark" and for theme="auto" under a dark system setting: written
 * once, and placed in both rules below. A partner's own `--provider-link-*` still wins in each.
 */
const darkPalette = css`
  --_bg: var(--provider-link-background, #16191d);
  --_fg: var(--provider-link-text, #e8ebef);
  --_muted: var(--provider-link-muted, #aab3bd);
  --_accent: var(--provider-link-accent, #8ab4ff);
  --_on-accent: var(--provider-link-on-accent, #0b1220);
  --_border: var(--provider-link-border, #59626d);
  --_surface: var(--provider-link-surface, #23282e);
  --_error: var(--provider-link-error, #ff9b92);
  --_success: var(--provider-link-success, #6fd898);
  color-scheme: dark;
`;

/**
 * The dark palette where it applies: always with theme="dark", and under a dark system setting
 * with every other value but "light", so that `auto`, the default, also holds before the property
 * is reflected, and an unknown value falls back to it.
 */
const darkTheme = css`
  :host([theme='dark']) {
    ${darkPalette}
  }
  @media (prefers-color-scheme: dark) {
    :host(:not([theme='light'])) {
      ${darkPalette}
    }
  }
`;

/**
 * Public custom properties (`--provider-link-*`) feed private ones (`--_*`), so a partner can
 * theme the widget without reaching into its structure; `::part` is the other way in.
 */
const base = css`
  :host {
    --_bg: var(--provider-link-background, #ffffff);
    --_fg: var(--provider-link-text, #1b1f24);
    --_muted: var(--provider-link-muted, #4f5965);
    --_accent: var(--provider-link-accent, #1f5fd1);
    --_on-accent: var(--provider-link-on-accent, #ffffff);
    --_border: var(--provider-link-border, #c9d0d8);
    --_surface: var(--provider-link-surface, #f4f6f9);
    --_error: var(--provider-link-error, #b3261e);
    --_success: var(--provider-link-success, #1e7b3c);
    --_radius: var(--provider-link-radius, 10px);
    --_font: var(--provider-link-font, system-ui, sans-serif);
    --_space: var(--provider-link-space, 16px);
    --_max-height: var(--provider-link-max-height, none);

    color-scheme: light;
    display: block;
    max-width: 440px;
    color: var(--_fg);
    font-family: var(--_font);
    font-size: 16px;
    line-height: 1.45;
  }
  :host([hidden]) {
    display: none;
  }
  *,
  *::before,
  *::after {
    box-sizing: border-box;
  }
  /* A column: the header and what stays under it (a search box) keep their height, the body
     takes the rest and scrolls when the frame is held to a height (max-height, a modal, or the
     docs/theming.md's ::part recipe). height: 100% is auto unless the host itself is given a height. */
  .base {
    display: flex;
    flex-direction: column;
    height: 100%;
    max-height: var(--_max-height);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: var(--_space);
    min-height: 240px;
  }
  header {
    flex: none;
    display: flex;
    align-items: center;
    gap: 8px;
    margin-bottom: var(--_space);
  }
  .top {
    flex: none;
  }
  /* Reaches to the frame's edges, padded back in, so that focus rings of the rows are not
     clipped by the scrolling box, and its scroll bar sits at the frame's edge. */
  .body {
    flex: 1 1 auto;
    min-height: 0;
    overflow: auto;
    margin: -6px calc(-1 * var(--_space)) calc(-1 * var(--_space));
    padding: 6px var(--_space) var(--_space);
  }
  h2 {
    flex: 1;
    min-width: 0;
    overflow-wrap: anywhere;
    margin: 0;
    font-size: 1.2em;
    line-height: 1.3;
    outline: none;
  }
  header .logo {
    width: 28px;
    height: 28px;
  }
  /* Close comes right after Back in the tab order, so Tab from the heading reaches the form. */
  .close {
    order: 1;
  }
  .icon {
    flex: none;
    min-width: 36px;
    min-height: 36px;
    border: 1px solid transparent;
    border-radius: 50%;
    background: transparent;
    color: var(--_fg);
    font: inherit;
    font-size: 1.25em;
    line-height: 1;
    cursor: pointer;
  }
  .icon:hover {
    background: var(--_surface);
  }
  button:focus-visible,
  input:focus-visible,
  select:focus-visible,
  summary:focus-visible {
    outline: 3px solid var(--_accent);
    outline-offset: 2px;
  }
  .lead {
    margin: 0 0 var(--_space);
    color: var(--_muted);
  }
  .busy {
    display: flex;
    align-items: center;
    gap: 10px;
  }
  .providers {
    list-style: none;
    margin: 0;
    padding: 0;
    display: grid;
    /* A row never widens the list past its box (a row with Disconnect beside it included). */
    grid-template-columns: minmax(0, 1fr);
    gap: 8px;
  }
  .provider {
    display: flex;
    width: 100%;
    align-items: center;
    gap: 12px;
    padding: 10px 12px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    background: var(--_bg);
    color: inherit;
    font: inherit;
    text-align: start;
    cursor: pointer;
  }
  .provider:hover {
    background: var(--_surface);
  }
  .logo {
    flex: none;
    width: 40px;
    height: 40px;
    border-radius: 8px;
    object-fit: contain;
  }
  .placeholder {
    display: grid;
    place-items: center;
    background: var(--_surface);
    color: var(--_muted);
    font-weight: 700;
  }
  /* A provider's name and description: long words break rather than widen the list. */
  .text {
    display: grid;
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .name {
    font-weight: 600;
  }
  .description {
    color: var(--_muted);
    font-size: 0.875em;
  }
  /* A server's words in another script read in their own direction (dir=auto), but line up with
     the widget's side: an English name in an Arabic row sits beside its logo, not across the row. */
  :is(.name, .description, .kinds li, #mfa-hint)[dir='auto'] {
    text-align: left;
  }
  .base[dir='rtl'] :is(.name, .description, .kinds li, #mfa-hint)[dir='auto'] {
    text-align: right;
  }
  /* "In the mobile app": a badge, not one more line of description. */
  .tag {
    justify-self: start;
    margin-top: 4px;
    padding: 1px 8px;
    border: 1px solid var(--_border);
    border-radius: 999px;
    background: var(--_surface);
    color: var(--_fg);
    font-size: 0.75em;
    font-weight: 600;
    line-height: 1.5;
  }
  /* The row leads somewhere: a chevron at its end, pointing the way the text reads. */
  .chevron {
    flex: none;
    width: 8px;
    height: 8px;
    margin-inline: auto 4px;
    border-top: 2px solid var(--_muted);
    border-right: 2px solid var(--_muted);
    transform: rotate(45deg);
  }
  .base[dir='rtl'] .chevron {
    transform: scaleX(-1) rotate(45deg);
  }
  /* The list's shape while it loads: rows as tall as a provider's, so nothing moves when it comes. */
  .skeleton .provider {
    cursor: default;
  }
  .skeleton .text {
    flex: 1;
  }
  .skeleton .logo,
  .skeleton .line {
    background: var(--_surface);
    border-radius: 6px;
  }
  /* Each line as tall as a line of the name's or of the description's (which mostly takes two),
     grey over its middle only. */
  .skeleton .line {
    display: block;
    width: 60%;
    height: 1.45em;
    padding-block: 0.3em;
    background-clip: content-box;
  }
  .skeleton .line + .line {
    width: 90%;
    font-size: 0.875em;
  }
  .skeleton .line + .line + .line {
    width: 70%;
  }
  .skeleton li {
    animation: pulse 1.6s ease-in-out 0.3s infinite;
  }
  @keyframes pulse {
    50% {
      opacity: 0.45;
    }
  }
  /* "Connected": a provider linked earlier in this visit, or that the page says the person has;
     "Reconnect needed": one whose sign-in expired, in the error colour, choosing it signs in again. */
  .linked-mark,
  .reconnect-mark {
    flex: none;
    margin-inline-start: auto;
    color: var(--_muted);
    font-size: 0.875em;
    font-weight: 600;
  }
  /* Several words in some languages: it wraps under itself rather than pushing the row wider. */
  .reconnect-mark {
    flex-shrink: 1;
    min-width: 0;
    text-align: end;
    color: var(--_error);
  }
  /* After the mark, the chevron sits beside it at the end. */
  .linked-mark ~ .chevron,
  .reconnect-mark ~ .chevron {
    margin-inline-start: 0;
  }
  /* A connected provider with Disconnect under it, at the end: the row keeps its whole width for
     the name, and the smaller button reads as belonging to it. */
  .providers > li.with-action {
    display: grid;
    gap: 4px;
  }
  .providers .row-action {
    justify-self: end;
    min-height: 32px;
    padding: 4px 12px;
    font-size: 0.875em;
  }
  .form {
    display: grid;
    gap: var(--_space);
  }
  .field {
    display: grid;
    gap: 6px;
  }
  .search {
    margin-bottom: 12px;
  }
  label {
    font-weight: 600;
  }
  input,
  select {
    width: 100%;
    min-height: 44px;
    padding: 8px 12px;
    border: 1px solid var(--_muted);
    border-radius: calc(var(--_radius) * 0.6);
    background: var(--_bg);
    color: var(--_fg);
    font: inherit;
  }
  input[aria-invalid='true'],
  select[aria-invalid='true'] {
    border-color: var(--_error);
    border-width: 2px;
  }
  /* What the app will receive: the kinds of data as a row of tags. */
  .consent {
    margin-bottom: var(--_space);
  }
  .consent .lead {
    margin-bottom: 8px;
  }
  .kinds {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  .kinds li {
    padding: 2px 10px;
    border: 1px solid var(--_border);
    border-radius: 999px;
    background: var(--_surface);
    font-size: 0.875em;
  }
  .more-kinds {
    margin-top: 8px;
  }
  .more-kinds summary {
    cursor: pointer;
    font-size: 0.875em;
    font-weight: 600;
    margin-bottom: 6px;
  }
  .hint {
    margin: 0;
    color: var(--_muted);
    font-size: 0.875em;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin-top: var(--_space);
  }
  .primary,
  .secondary {
    min-height: 44px;
    padding: 10px 18px;
    border-radius: calc(var(--_radius) * 0.6);
    font: inherit;
    font-weight: 600;
    cursor: pointer;
    display: inline-flex;
    align-items: center;
    justify-content: center;
    gap: 8px;
  }
  .primary {
    border: 1px solid var(--_accent);
    background: var(--_accent);
    color: var(--_on-accent);
  }
  .secondary {
    border: 1px solid var(--_border);
    background: var(--_bg);
    color: var(--_fg);
  }
  /* Without the partner's own text colour: white on an accent whose luminance (Y of XYZ D65, WCAG's
     luminance) is under 0.18, black on the others, pushed to the end by the factor; either way 4.5:1
     or more (at 0.18, white is 4.57:1, black 4.6:1). Engines without relative colours keep each
     theme's fixed one above. */
  @supports (color: color(from red xyz-d65 calc((.18 - y)*1e21) 0 0)) {
    .primary {
      color: var(--provider-link-on-accent, color(from var(--_accent) xyz-d65 calc((.18 - y)*1e21) calc((.18 - y)*1e21) calc((.18 - y)*1e21)));
    }
  }
  .primary[disabled] {
    opacity: 0.75;
    cursor: progress;
  }
  .error {
    border-inline-start: 4px solid var(--_error);
    padding: 8px 12px;
    background: var(--_surface);
    color: var(--_error);
  }
  .error p {
    margin: 0;
  }
  .details {
    margin-top: 6px;
    color: var(--_muted);
    font-size: 0.8125em;
  }
  .details code {
    display: block;
    margin-top: 4px;
    overflow-wrap: anywhere;
  }
  /* A success: its block in the middle of the height the frame has (the modal's steady one, or the
     frame's least height), its actions at the bottom, not on top of an empty band. With no height
     to spare, as inline, the auto margins are nothing and the widget is as tall as its content. */
  .body:has(> .outcome) {
    display: flex;
    flex-direction: column;
  }
  .outcome {
    display: grid;
    justify-items: center;
    gap: 12px;
    margin-block: auto;
    text-align: center;
  }
  .outcome > .lead {
    margin: 0;
    color: var(--_fg);
  }
  .outcome .consent {
    margin: 0;
  }
  .outcome .kinds {
    justify-content: center;
  }
  .outcome + .actions {
    justify-content: center;
  }
  /* The provider's logo, larger than in a row, with the badge on its corner. */
  .seal {
    position: relative;
  }
  .seal .logo {
    width: 64px;
    height: 64px;
    border-radius: 14px;
    font-size: 1.75em;
  }
  .seal .badge {
    position: absolute;
    inset-block-end: -6px;
    inset-inline-end: -6px;
    width: 28px;
    height: 28px;
    margin: 0;
    border: 2px solid var(--_bg);
    font-size: 0.875em;
  }
  .badge {
    display: inline-grid;
    place-items: center;
    width: 48px;
    height: 48px;
    margin-bottom: 8px;
    border-radius: 50%;
    background: var(--_success);
    color: var(--_on-accent);
    font-size: 1.5em;
  }
  .spinner {
    flex: none;
    width: 1em;
    height: 1em;
    border: 2px solid currentColor;
    border-inline-end-color: transparent;
    border-radius: 50%;
    /* Still for the first 300 ms: most answers come sooner, and a running animation keeps the
       page drawing frames, which the screen with the answer then has to wait behind. */
    animation: spin 0.8s linear 0.3s infinite;
  }
  @keyframes spin {
    to {
      transform: rotate(360deg);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .spinner {
      animation-duration: 3s;
    }
    .skeleton li {
      animation: none;
    }
  }
  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
`;

/** The widget's own text, its light palette, and the dark one over it where it applies. */
export const styles = css`
  ${ownText}
  ${base}
  ${darkTheme}
`;
