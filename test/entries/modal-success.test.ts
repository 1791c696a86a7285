/**
 * The success screen in `ProviderLink.open()`'s dialog says what was connected: the provider's logo
 * with the badge on it, the sentence that names the provider, what the app will receive (the
 * consent screen's words, its "and N more" too), and its actions at the bottom of the dialog's
 * steady height with the rest in the middle; in both themes, left to right and right to left, with
 * focus on the heading, one announcement, and nothing for axe. Inline, the same screen is as tall
 * as what it shows.
 */
import { expect } from '@open-wc/testing';
import { openLinkModal, shownLinkModal } from '../../src/entries/modal.js';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { loadMessages } from '../../src/i18n/index.js';
import type { Messages } from '../../src/i18n/messages.js';
import { activate, button, consentPage, decide, DEMO_PASSWORD, mintToken, mountWidget, pressEnter, returnPage, root, type, usePopups, waitForHeading, waitUntil } from '../helpers.js';

/** The frame's background in each palette (src/element/styles.ts). */
const BACKGROUND = { light: 'rgb(255, 255, 255)', dark: 'rgb(22, 25, 29)' };

/** Signs in to Tidemark Scale (a password provider that says what it shares) on its form, in `t`'s words. */
async function signInToTidemark(widget: ProviderLinkElement, t: Messages) {
  await waitUntil(() => root(widget).querySelector('[part~="base"]')?.getAttribute('lang') === t.lang && root(widget).querySelector('form'), 'the sign-in form, in its language');
  // Typed, and sent with Enter, as a person does: focus is in the widget when the screen changes.
  await type(widget, t.username, 'ada');
  await type(widget, t.password, DEMO_PASSWORD);
  await pressEnter();
  await waitForHeading(widget, t.successTitle);
}

/** What the success screen shows, as a person sees it. */
function shown(widget: ProviderLinkElement) {
  const shadow = root(widget);
  const outcome = shadow.querySelector<HTMLElement>('.outcome')!;
  return {
    logo: outcome.querySelector<HTMLImageElement>('img.logo')?.getAttribute('src') ?? null,
    badge: outcome.querySelector('.badge')?.textContent?.trim(),
    sentence: outcome.querySelector(':scope > .lead')?.textContent?.trim(),
    intro: outcome.querySelector('.consent .lead')?.textContent?.trim(),
    kinds: [...outcome.querySelectorAll('.consent > .kinds li')].map((li) => li.textContent?.trim()),
    more: outcome.querySelector('.consent details summary')?.textContent?.trim() ?? null,
    actions: [...shadow.querySelectorAll('.outcome + .actions button')].map((b) => b.textContent?.trim()),
    logoInHeader: shadow.querySelector('header .logo') !== null,
  };
}

/** Where the success screen's parts sit in the dialog. */
function layout(widget: ProviderLinkElement) {
  const shadow = root(widget);
  const dialog = widget.closest('dialog')!.getBoundingClientRect();
  const outcome = shadow.querySelector<HTMLElement>('.outcome')!;
  const actions = shadow.querySelector<HTMLElement>('.outcome + .actions')!.getBoundingClientRect();
  const style = getComputedStyle(outcome);
  return {
    // The auto margins that centre the block, as laid out.
    above: parseFloat(style.marginTop),
    below: parseFloat(style.marginBottom),
    actionsToBottom: dialog.bottom - actions.bottom,
  };
}

describe("the modal's success screen", () => {
  const popups = usePopups();
  afterEach(() => shownLinkModal()?.close());

  for (const [locale, theme] of [
    ['en', 'light'],
    ['en', 'dark'],
    ['ar', 'light'],
    ['ar', 'dark'],
  ] as const) {
    it(`${locale}, ${theme}: the logo, the provider named, what Acme Health will receive, Done at the bottom; focus on the heading, said once; axe finds nothing`, async () => {
      const t = await loadMessages(locale);
      const { element } = openLinkModal({ linkToken: await mintToken(), provider: 'tidemark', region: 'us', locale, theme, appName: 'Acme Health' });
      const announcements: string[] = [];
      const listen = new MutationObserver(() => announcements.push(root(element).querySelector('#announcer')?.textContent ?? ''));
      await waitUntil(() => root(element)?.querySelector('#announcer'), 'the widget');
      listen.observe(root(element).querySelector('#announcer')!, { childList: true, characterData: true, subtree: true });
      await signInToTidemark(element, t);

      expect(shown(element)).to.deep.equal({
        logo: `${location.origin}/fake-assets/logo/tidemark.svg`,
        badge: '✓',
        sentence: t.successText('Tidemark Scale'),
        intro: t.consentIntro('Acme Health'),
        kinds: [t.kinds.weight, t.kinds.fat, t.kinds.body],
        more: null,
        actions: [t.done],
        logoInHeader: false,
      });
      const base = root(element).querySelector<HTMLElement>('[part~="base"]')!;
      expect([base.dir, getComputedStyle(base).backgroundColor]).to.deep.equal([locale === 'ar' ? 'rtl' : 'ltr', BACKGROUND[theme]]);

      const { above, below, actionsToBottom } = layout(element);
      expect(above, 'the block has room above it in the 640 px dialog').to.be.greaterThan(24);
      expect(Math.abs(above - below), 'as much room above the block as below it').to.be.at.most(1);
      // The body's padding and the frame's border: nothing else under the buttons.
      expect(actionsToBottom, 'Done at the bottom').to.be.within(0, 24);

      expect(root(element).activeElement?.localName, 'focus on the heading').to.equal('h2');
      const said = `${t.successTitle}. ${t.successText('Tidemark Scale')}`;
      await waitUntil(() => announcements.includes(said), 'the success is said');
      listen.disconnect();
      expect(announcements.filter((text) => text === said), 'said once').to.have.length(1);

      await expect(element).to.be.accessible();
    });
  }

  it('with Connect another on offer, both actions sit at the bottom', async () => {
    const t = await loadMessages('en');
    const { element } = openLinkModal({ requestLinkToken: () => mintToken(), provider: 'tidemark', region: 'us' });
    await signInToTidemark(element, t);
    expect(shown(element).actions).to.deep.equal([t.done, t.connectAnother]);
    expect(shown(element).intro, 'neutral words without app-name').to.equal(t.consentIntro(''));
    expect(layout(element).actionsToBottom).to.be.within(0, 24);
  });

  it('a provider that shares many kinds: the first eight, then "and N more", as on consent', async () => {
    const { element } = openLinkModal({ linkToken: await mintToken('default', { redirect_url: returnPage() }), provider: 'restwell' });
    await waitForHeading(element, 'Connect Restwell Ring');
    await activate(button(element, 'Continue to Restwell Ring'));
    decide(await consentPage(popups.last), 'allow');
    await waitForHeading(element, 'Connected');
    const { kinds, more, logo } = shown(element);
    expect(logo).to.equal(`${location.origin}/fake-assets/logo/restwell.svg`);
    expect(kinds).to.deep.equal(['Sleep', 'Activity', 'Heart rate', 'Heart rate variability', 'Steps', 'Workouts', 'Body temperature', 'Breathing rate']);
    expect(more).to.equal('and 2 more');
    await expect(element).to.be.accessible();
  });

  it('inline, the same screen is only as tall as what it shows', async () => {
    const t = await loadMessages('en');
    const widget = await mountWidget({ 'link-token': await mintToken(), provider: 'tidemark', region: 'us' });
    await signInToTidemark(widget, t);
    expect(shown(widget).kinds).to.deep.equal([t.kinds.weight, t.kinds.fat, t.kinds.body]);
    const outcome = getComputedStyle(root(widget).querySelector('.outcome')!);
    expect([outcome.marginTop, outcome.marginBottom], 'no band above or below the block').to.deep.equal(['0px', '0px']);
    const body = root(widget).querySelector<HTMLElement>('.body')!;
    expect(body.scrollHeight, 'nothing scrolls').to.be.at.most(body.clientHeight);
  });
});
