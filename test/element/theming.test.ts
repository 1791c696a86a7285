/** The theming contract: documented custom properties, parts, and the theme attribute. */
import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { styles } from '../../src/element/styles.js';
import { engine, listingWidget, mintToken, mountWidget, root, waitForHeading } from '../helpers.js';
import { luminance, textContrast } from '../support/contrast.js';

const PUBLIC_PROPERTY = /--provider-link-[a-z-]+/g;
const unique = (values: Iterable<string>) => [...new Set(values)].sort();

describe('theming', () => {
  it('documents every public custom property it uses, and uses every one it documents', async () => {
    const used = unique(styles.cssText.match(PUBLIC_PROPERTY) ?? []);
    // custom-elements.json is written by the build from the class's @cssprop tags.
    const manifest = (await (await fetch('/custom-elements.json')).json()) as {
      modules: { declarations?: { name: string; cssProperties?: { name: string }[] }[] }[];
    };
    const element = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.name === 'ProviderLinkElement');
    const inManifest = unique((element?.cssProperties ?? []).map((p) => p.name));
    const page = await (await fetch('/docs/theming.md')).text();
    const inPage = unique([...page.matchAll(/^\| `(--provider-link-[a-z-]+)` \|/gm)].map((m) => m[1] as string));
    expect(used.length).to.be.greaterThan(10);
    expect(inManifest, '@cssprop on the element class, in custom-elements.json').to.deep.equal(used);
    expect(inPage, 'the theming table of docs/theming.md').to.deep.equal(used);
    // Private tokens are only ever fed by public ones or literals, never read from outside.
    for (const name of styles.cssText.match(/--_[a-z-]+(?=:)/g) ?? []) expect(name).to.match(/^--_[a-z-]+$/);
  });

  it('takes custom properties from the page and exposes its parts', async () => {
    const style = document.createElement('style');
    style.textContent = `
      .themed { --provider-link-accent: rgb(11, 110, 79); --provider-link-radius: 3px; }
      .themed::part(provider) { outline: 2px dotted rgb(1, 2, 3); }`;
    document.head.append(style);
    try {
      const { widget } = await listingWidget({ class: 'themed' });
      const base = root(widget).querySelector('[part~="base"]') as HTMLElement;
      expect(getComputedStyle(base).borderTopLeftRadius).to.equal('3px');
      const provider = root(widget).querySelector('[part~="provider"]') as HTMLElement;
      expect(getComputedStyle(provider).outlineColor).to.equal('rgb(1, 2, 3)');
      for (const part of ['base', 'header', 'provider', 'button']) expect(root(widget).querySelector(`[part~="${part}"]`) !== null, part).to.equal(true);
    } finally {
      style.remove();
    }
  });

  // How `auto`, the default, follows the system under each scheme, inline and in the modal, in
  // every engine that can be given one: test/entries/colour-scheme.test.ts.
  it('switches palettes with theme: auto by default, light and dark force one', async function () {
    const { widget } = await listingWidget();
    const background = () => getComputedStyle(root(widget).querySelector('[part~="base"]') as HTMLElement).backgroundColor;
    expect(widget.getAttribute('theme'), 'auto by default, reflected').to.equal('auto');
    widget.theme = 'light';
    await widget.updateComplete;
    const light = background();
    widget.theme = 'dark';
    await widget.updateComplete;
    const dark = background();
    expect(dark).not.to.equal(light);
    // Switching the system's colour scheme from a test (`emulateMedia`) is a Chromium DevTools
    // Protocol command, so this live switch is checked in Chromium only.
    if (engine !== 'chromium') this.skip();
    widget.theme = 'auto';
    await widget.updateComplete;
    try {
      await emulateMedia({ colorScheme: 'dark' });
      expect(background(), 'auto under a dark scheme').to.equal(dark);
      await emulateMedia({ colorScheme: 'light' });
      expect(background(), 'auto under a light scheme').to.equal(light);
      await emulateMedia({ colorScheme: 'dark' });
      widget.theme = 'light';
      await widget.updateComplete;
      expect(background(), 'light under a dark scheme').to.equal(light);
    } finally {
      await emulateMedia({ colorScheme: 'light' });
    }
  });

  it("keeps to the height recipe of docs/theming.md: the list scrolls inside, the title bar stays on top", async () => {
    const page = await (await fetch('/docs/theming.md')).text();
    const recipe = /```css\n(provider-link::part\(base\) \{ max-height[^`]*)```/.exec(page)?.[1];
    expect(recipe, "the height recipe of docs/theming.md").to.include('max-height: 480px');
    const style = document.createElement('style');
    style.textContent = recipe!;
    document.head.append(style);
    try {
      const { widget } = await listingWidget({}, 'many');
      const base = root(widget).querySelector<HTMLElement>('[part~="base"]')!;
      expect(widget.getBoundingClientRect().height).to.be.at.most(480);
      // The list scrolls in a box inside the frame (the frame itself, or the body under its header).
      const scroller = [base, ...base.querySelectorAll<HTMLElement>('*')].find((e) => e.scrollHeight > e.clientHeight + 1 && getComputedStyle(e).overflowY !== 'visible');
      expect(scroller?.scrollHeight ?? 0, 'the 25 providers are taller than the box').to.be.greaterThan(1000);
      scroller!.scrollTop = scroller!.scrollHeight;
      await new Promise(requestAnimationFrame);
      // The title bar is still at the top of the box, and Close is what a click there reaches.
      const close = root(widget).querySelector<HTMLElement>('.close')!;
      const { left, top, width, height } = close.getBoundingClientRect();
      expect(top - base.getBoundingClientRect().top).to.be.within(0, 40);
      expect(root(widget).elementFromPoint(left + width / 2, top + height / 2)?.closest('.close')).to.equal(close);
      const rows = root(widget).querySelectorAll('[part~="provider"]');
      expect(rows[rows.length - 1]!.getBoundingClientRect().bottom).to.be.at.most(base.getBoundingClientRect().bottom);
    } finally {
      style.remove();
    }
  });

  describe('text on the accent', () => {
    async function signInButton() {
      const widget = await mountWidget({ 'link-token': await mintToken(), provider: 'scalewise' });
      await waitForHeading(widget, 'Sign in to Scalewise');
      return { widget, button: root(widget).querySelector<HTMLElement>('.primary')! };
    }

    it("reads at 4.5:1 or more with the example of docs/theming.md and with any accent of the demo's playground, in both themes", async () => {
      const { widget, button } = await signInButton();
      const page = await (await fetch('/docs/theming.md')).text();
      const example = /```css\n(provider-link \{[^}]*\})/.exec(page)?.[1];
      expect(example, "the theming example of docs/theming.md").to.include('--provider-link-accent');
      // The playground's colour input starts at the default accent; a partner may pick any colour.
      // Colours whose luminance is near where white and black read alike, where a rule on CSS
      // lightness (D50) rather than luminance picks the wrong one or a grey, and a sweep of hues.
      const accents = ['#1f5fd1', '#0b6e4f', '#777777', '#767676', '#ffffff', '#000000', '#ffd23f', '#b136f5', '#0072fc', '#0e71ff', '#e80204', '#dc2d2d'];
      for (let hue = 0; hue < 360; hue += 30) for (let lightness = 15; lightness <= 90; lightness += 5) accents.push(`hsl(${hue} 80% ${lightness}%)`);
      const hex = (channel: number) => channel.toString(16).padStart(2, '0');
      for (let r = 0; r < 256; r += 15)
        for (let g = 0; g < 256; g += 15)
          for (let b = 0; b < 256; b += 15) if (Math.abs(luminance([r, g, b]) - 0.18) < 0.01) accents.push(`#${hex(r)}${hex(g)}${hex(b)}`);
      expect(accents.length, 'colours near the threshold').to.be.greaterThan(150);
      const style = document.createElement('style');
      document.head.append(style);
      try {
        for (const theme of ['light', 'dark'] as const) {
          widget.theme = theme;
          await widget.updateComplete;
          expect(textContrast(button), `${theme}, the default accent`).to.be.at.least(4.5);
          style.textContent = example!;
          expect(textContrast(button), `${theme}, the example of docs/theming.md`).to.be.at.least(4.5);
          style.textContent = '';
          for (const accent of accents) {
            widget.style.setProperty('--provider-link-accent', accent);
            expect(textContrast(button), `${theme}, accent ${accent}`).to.be.at.least(4.5);
          }
          widget.style.removeProperty('--provider-link-accent');
        }
      } finally {
        style.remove();
      }
    });

    it("keeps the partner's own text colour when they set one", async () => {
      const { widget, button } = await signInButton();
      widget.style.setProperty('--provider-link-accent', '#ffd23f');
      widget.style.setProperty('--provider-link-on-accent', 'rgb(1, 2, 3)');
      expect(getComputedStyle(button).color).to.equal('rgb(1, 2, 3)');
    });
  });
});
