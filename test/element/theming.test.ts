/** The theming contract: documented custom properties, parts, and the theme attribute. */
import { expect } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { styles } from '../../src/element/styles.js';
import { engine, mintToken, mountWidget, providersShown, root } from '../helpers.js';

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
    const readme = await (await fetch('/README.md')).text();
    const inReadme = unique([...readme.matchAll(/^\| `(--provider-link-[a-z-]+)` \|/gm)].map((m) => m[1] as string));
    expect(used.length).to.be.greaterThan(10);
    expect(inManifest, '@cssprop on the element class, in custom-elements.json').to.deep.equal(used);
    expect(inReadme, 'the README theming table').to.deep.equal(used);
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
      const widget = await mountWidget({ 'link-token': await mintToken(), class: 'themed' });
      await providersShown(widget);
      const base = root(widget).querySelector('[part~="base"]') as HTMLElement;
      expect(getComputedStyle(base).borderTopLeftRadius).to.equal('3px');
      const provider = root(widget).querySelector('[part~="provider"]') as HTMLElement;
      expect(getComputedStyle(provider).outlineColor).to.equal('rgb(1, 2, 3)');
      for (const part of ['base', 'header', 'provider', 'button']) expect(root(widget).querySelector(`[part~="${part}"]`) !== null, part).to.equal(true);
    } finally {
      style.remove();
    }
  });

  it('switches palettes with theme, and auto follows the system setting', async function () {
    const widget = await mountWidget({ 'link-token': await mintToken() });
    await providersShown(widget);
    const background = () => getComputedStyle(root(widget).querySelector('[part~="base"]') as HTMLElement).backgroundColor;
    expect(widget.getAttribute('theme'), 'light by default').to.equal('light');
    const light = background();
    widget.theme = 'dark';
    await widget.updateComplete;
    const dark = background();
    expect(dark).not.to.equal(light);
    // Switching the system's colour scheme from a test (`emulateMedia`) is a Chromium DevTools
    // Protocol command: Firefox over WebDriver BiDi and WebKit over WebDriver cannot, so `auto`
    // is checked in Chromium only. The same media query decides it in every engine.
    if (engine !== 'chromium') this.skip();
    widget.theme = 'auto';
    await widget.updateComplete;
    await emulateMedia({ colorScheme: 'dark' });
    expect(background()).to.equal(dark);
    await emulateMedia({ colorScheme: 'light' });
    expect(background()).to.equal(light);
  });
});
