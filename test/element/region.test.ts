/**
 * The region picker: on the sign-in form when the provider's `form_components` asks for a region,
 * and after an `unsupported_region` answer; regions named in the widget's language; the `region`
 * setting preselects; the request carries the chosen code.
 */
import { expect } from '@open-wc/testing';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { button, DEMO_PASSWORD, errorText, fakeRequests, focusedElement, listingWidget, mintToken, mountWidget, pressEnter, recordEvents, root, type, waitForHeading, waitUntil } from '../helpers.js';

/** The picker, found by its visible label as a person finds it. */
function picker(widget: ProviderLinkElement, label = 'Region'): HTMLSelectElement {
  const labelElement = [...root(widget).querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  const select = labelElement ? root(widget).getElementById(labelElement.htmlFor) : null;
  if (!(select instanceof HTMLSelectElement)) throw new Error(`No list labelled "${label}"`);
  return select;
}
const hasPicker = (widget: ProviderLinkElement) => root(widget).querySelector('select') !== null;
const optionNames = (select: HTMLSelectElement) => [...select.options].map((o) => o.textContent?.trim());

/** The bodies of the sign-in calls this page sends (read before they leave: the fake logs field names only). */
function watchSignInBodies() {
  const original = window.fetch;
  const bodies: Record<string, unknown>[] = [];
  window.fetch = (input, init) => {
    if (String(input instanceof Request ? input.url : input).includes('/v2/link/provider/password/')) bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return original(input, init);
  };
  return { bodies, restore: () => (window.fetch = original) };
}

describe('<provider-link> region picker', () => {
  let sent: ReturnType<typeof watchSignInBodies>;
  beforeEach(() => {
    sent = watchSignInBodies();
  });
  afterEach(() => sent.restore());

  it('asks for a region where the provider’s form_components does, from its own regions, named in the widget’s language', async () => {
    const { widget, token } = await listingWidget();
    button(widget, 'Tidemark Scale').click();
    await waitForHeading(widget, 'Sign in to Tidemark Scale');
    const select = picker(widget);
    expect(optionNames(select)).to.deep.equal(['Choose a region', 'European Union', 'United Kingdom', 'United States']);
    expect(select.value, 'nothing chosen for the person').to.equal('');

    // Sent without a region: said next to the picker, and no request.
    await type(widget, 'Username', 'ada@example.org');
    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();
    await waitUntil(() => select.getAttribute('aria-invalid') === 'true', 'the picker is marked');
    expect(errorText(widget)).to.equal('Choose the region of your account.');
    expect(focusedElement()).to.equal(select);
    expect((await fakeRequests(token)).map((c) => c.path)).to.deep.equal(['/v2/link/providers']);

    select.value = 'us';
    select.dispatchEvent(new Event('change', { bubbles: true }));
    button(widget, 'Sign in').click();
    await waitForHeading(widget, 'Connected');
    expect(sent.bodies.map((body) => [Object.keys(body).sort(), body['region']])).to.deep.equal([[['password', 'region', 'username'], 'us']]);
  });

  it('preselects the region setting, in Arabic names too', async () => {
    const widget = await mountWidget({ 'link-token': await mintToken(), region: 'gb', locale: 'ar', provider: 'tidemark' });
    // The Arabic words arrive with their catalogue, which may come after the form.
    await waitUntil(() => hasPicker(widget) && root(widget).querySelector('label[for="region"]')?.textContent?.trim() === 'المنطقة', 'the sign-in form with its picker, in Arabic');
    const select = picker(widget, 'المنطقة');
    expect(select.value).to.equal('gb');
    expect(select.selectedOptions[0]?.textContent?.trim()).to.equal(new Intl.DisplayNames(['ar'], { type: 'region' }).of('GB'));
    expect(optionNames(select)).to.include('الاتحاد الأوروبي');
  });

  it('after unsupported_region, says to choose the region of the account and offers common regions; the chosen one is sent', async () => {
    const token = await mintToken();
    const widget = await mountWidget({ 'link-token': token, region: 'gb', provider: 'scalewise' });
    const log = recordEvents(widget);
    await waitForHeading(widget, 'Sign in to Scalewise');
    expect(hasPicker(widget), 'Scalewise asks for no region at first').to.equal(false);
    await type(widget, 'Username', 'ada@example.org');
    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();

    await waitUntil(() => hasPicker(widget), 'the picker appears after unsupported_region');
    expect(errorText(widget)).to.equal('This account is not available in this region. Choose the region of your account.');
    expect(log.of('link-error').map((e) => [e['errorType'], e['recoverable']])).to.deep.equal([['unsupported_region', true]]);
    const select = picker(widget);
    expect(select.getAttribute('aria-invalid')).to.equal('true');
    expect(select.value, 'the region it was sent with').to.equal('gb');
    expect(optionNames(select)).to.include.members(['European Union', 'United States', 'Canada', 'Australia']);

    select.value = 'eu';
    button(widget, 'Sign in').click();
    await waitForHeading(widget, 'Connected');
    expect(sent.bodies.map((body) => body['region'])).to.deep.equal(['gb', 'eu']);
    expect((await fakeRequests(token)).map((c) => c.bodyFields?.sort() ?? null)).to.deep.equal([null, ['password', 'region', 'username'], ['password', 'region', 'username']]);
  });
});
