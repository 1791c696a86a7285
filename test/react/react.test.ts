import { expect } from '@open-wc/testing';
// Built by `npm run build:test-apps` (npm test does it first).
import { createRoot, flushSync, ProviderLink, React, useProviderLink } from './harness.bundle.js';
import type { ProviderLinkElement } from '../../src/element/provider-link-element.js';
import { activate, button, DEMO_PASSWORD, fakeRequests, mintToken, pressEnter, type, waitForHeading, waitUntil } from '../helpers.js';

type Call = [callback: string, detail: Record<string, unknown>];
const recorder = (calls: Call[]) => (callback: string) => (value: object) => {
  // The component's props get the CustomEvent, the hook's callbacks its detail.
  calls.push([callback, (value instanceof CustomEvent ? value.detail : value) as Record<string, unknown>]);
};

/** A wrong password first (onError), then the right one (onSuccess), then Done (onExit). */
async function signInToScalewise(widget: ProviderLinkElement) {
  await waitForHeading(widget, 'Sign in to Scalewise');
  await type(widget, 'Username', 'ada');
  await type(widget, 'Password', 'not-the-password');
  await pressEnter();
  await waitUntil(() => widget.shadowRoot!.querySelector('[part="error"]'), 'the wrong password is refused');
  await type(widget, 'Password', DEMO_PASSWORD);
  await pressEnter();
  await waitForHeading(widget, 'Connected');
  await activate(button(widget, 'Done'));
}

const outcomes = (calls: Call[]) =>
  calls.filter(([callback]) => callback !== 'onEvent').map(([callback, detail]) => [callback, detail['provider'], detail['errorType'] ?? detail['reason'] ?? detail['authType']]);

describe('@provider-link/widget/react in React 19', () => {
  let host: HTMLDivElement;
  let root: ReturnType<typeof createRoot>;
  let calls: Call[];

  beforeEach(() => {
    calls = [];
    host = document.createElement('div');
    document.body.append(host);
    root = createRoot(host);
  });
  afterEach(() => {
    flushSync(() => root.unmount());
    host.remove();
  });

  it('<ProviderLink> sets the token as a property and calls onError, onSuccess, onEvent and onExit', async () => {
    const record = recorder(calls);
    const linkToken = await mintToken();
    flushSync(() =>
      root.render(
        React.createElement(ProviderLink, {
          linkToken,
          provider: 'scalewise',
          onSuccess: record('onSuccess'),
          onError: record('onError'),
          onEvent: record('onEvent'),
          onExit: record('onExit'),
        }),
      ),
    );
    const widget = host.querySelector('provider-link') as ProviderLinkElement;
    expect(widget.hasAttribute('link-token'), 'the token is a property, never in the markup').to.equal(false);
    await signInToScalewise(widget);
    await waitUntil(() => calls.some(([callback]) => callback === 'onExit'));
    expect(outcomes(calls)).to.deep.equal([
      ['onError', 'scalewise', 'provider_credential_error'],
      ['onSuccess', 'scalewise', 'password'],
      ['onExit', 'scalewise', 'done'],
    ]);
    expect(calls.filter(([callback]) => callback === 'onEvent').map(([, detail]) => detail['name'])).to.include.members(['open', 'credentials_viewed', 'credentials_submitted', 'success']);
  });

  it('<ProviderLink> with the person’s connections: marks them, and onDisconnect hears a disconnection; so does useProviderLink', async () => {
    const record = recorder(calls);
    const disconnected: string[] = [];
    const disconnectProvider = async (slug: string) => void disconnected.push(slug);
    const linkToken = await mintToken();
    flushSync(() =>
      root.render(
        React.createElement(ProviderLink, {
          linkToken,
          connectedProviders: [{ slug: 'scalewise' }, { slug: 'glucomate', status: 'needs_reconnect' }],
          disconnectProvider,
          onDisconnect: record('onDisconnect'),
        }),
      ),
    );
    const widget = host.querySelector('provider-link') as ProviderLinkElement;
    await waitForHeading(widget, 'Connect a data source');
    expect(button(widget, /^Glucomate/).textContent).to.include('Reconnect needed');
    await activate(button(widget, 'Disconnect Scalewise'));
    await waitForHeading(widget, 'Disconnect Scalewise?');
    await activate(button(widget, /^Disconnect$/));
    await waitUntil(() => calls.some(([callback]) => callback === 'onDisconnect'), 'onDisconnect');
    expect(disconnected).to.deep.equal(['scalewise']);
    expect(calls.find(([callback]) => callback === 'onDisconnect')?.[1]).to.deep.include({ provider: 'scalewise', linkSessionId: widget.linkSessionId });

    let open = () => {};
    const hookToken = await mintToken();
    function Connect() {
      open = useProviderLink({ linkToken: hookToken, connectedProviders: [{ slug: 'glucomate' }], disconnectProvider, onDisconnect: record('hook onDisconnect') }).open;
      return null;
    }
    flushSync(() => root.render(React.createElement(Connect)));
    open();
    const modal = document.querySelector('dialog.provider-link-modal provider-link') as ProviderLinkElement;
    await waitForHeading(modal, 'Connect a data source');
    await activate(button(modal, 'Disconnect Glucomate'));
    await waitForHeading(modal, 'Disconnect Glucomate?');
    await activate(button(modal, /^Disconnect$/));
    await waitUntil(() => calls.some(([callback]) => callback === 'hook onDisconnect'), 'the hook’s onDisconnect');
    expect(calls.find(([callback]) => callback === 'hook onDisconnect')?.[1]).to.deep.include({ provider: 'glucomate' });
    modal.exit();
  });

  it('useProviderLink with requestLinkToken alone: ready at once, the token asked for only when open() shows the modal', async () => {
    let asked = 0;
    const requestLinkToken = () => ((asked += 1), mintToken());
    let controls: { open(): void; exit(): void; ready: boolean } | undefined;
    function Connect() {
      controls = useProviderLink({ requestLinkToken, provider: 'scalewise' });
      return null;
    }
    flushSync(() => root.render(React.createElement(Connect)));
    expect(controls!.ready).to.equal(true);
    expect(asked, 'nothing made for a dialog nobody opened').to.equal(0);
    controls!.open();
    const widget = document.querySelector('dialog.provider-link-modal provider-link') as ProviderLinkElement;
    await waitForHeading(widget, 'Sign in to Scalewise');
    expect(asked).to.equal(1);
    controls!.exit();
  });

  it('<ProviderLink> whose requestLinkToken keeps the fresh token in state and passes it back as linkToken: the flow carries on, no restart', async () => {
    const first = await mintToken('default', { expire_after_calls: 1 });
    let fresh = '';
    function Page() {
      const [token, setToken] = React.useState(first);
      const requestLinkToken = async () => {
        fresh = await mintToken();
        setToken(fresh);
        return fresh;
      };
      return React.createElement(ProviderLink, { linkToken: token, requestLinkToken });
    }
    flushSync(() => root.render(React.createElement(Page)));
    const widget = host.querySelector('provider-link') as ProviderLinkElement;
    await waitForHeading(widget, 'Connect a data source');
    await activate(button(widget, 'Scalewise'));
    await waitForHeading(widget, 'Sign in to Scalewise');
    await type(widget, 'Username', 'ada');
    await type(widget, 'Password', DEMO_PASSWORD);
    await pressEnter();
    // Refused (the first token is spent), sent again with the fresh one: linked, not back on the list.
    await waitForHeading(widget, 'Connected');
    expect(widget.linkToken, 'the page’s copy came back').to.equal(fresh);
    expect((await fakeRequests(fresh)).map((call) => call.path)).to.deep.equal(['/v2/link/provider/password/scalewise']);
  });

  it('<ProviderLink requestLinkToken> without a token asks for one and shows the list', async () => {
    let asked = 0;
    flushSync(() => root.render(React.createElement(ProviderLink, { requestLinkToken: () => ((asked += 1), mintToken()) })));
    const widget = host.querySelector('provider-link') as ProviderLinkElement;
    await waitForHeading(widget, 'Connect a data source');
    expect(asked).to.equal(1);
  });

  it('useProviderLink: ready once a token is set, open() shows the modal, every callback fires, then it can open again', async () => {
    const record = recorder(calls);
    const states: boolean[] = [];
    let controls: { open(): void; exit(): void; ready: boolean } | undefined;
    function Connect({ linkToken }: { linkToken: string }) {
      const current = useProviderLink({
        linkToken,
        provider: 'scalewise',
        onSuccess: record('onSuccess'),
        onError: record('onError'),
        onEvent: record('onEvent'),
        onExit: record('onExit'),
      });
      controls = current;
      states.push(current.ready);
      return React.createElement('button', { onClick: current.open, disabled: !current.ready }, 'Connect a device');
    }
    flushSync(() => root.render(React.createElement(Connect, { linkToken: '' })));
    expect(controls!.ready).to.equal(false);
    controls!.open();
    expect(document.querySelector('dialog.provider-link-modal'), 'no token, no dialog').to.equal(null);

    flushSync(() => root.render(React.createElement(Connect, { linkToken: 'placeholder' })));
    expect(controls!.ready).to.equal(true);
    const linkToken = await mintToken();
    flushSync(() => root.render(React.createElement(Connect, { linkToken })));
    host.querySelector('button')!.click();
    const widget = document.querySelector('dialog.provider-link-modal provider-link') as ProviderLinkElement;
    expect(widget, 'open() shows the modal').to.not.equal(null);
    await signInToScalewise(widget);
    await waitUntil(() => !document.querySelector('dialog.provider-link-modal'), 'Done closes the dialog');
    expect(outcomes(calls)).to.deep.equal([
      ['onError', 'scalewise', 'provider_credential_error'],
      ['onSuccess', 'scalewise', 'password'],
      ['onExit', 'scalewise', 'done'],
    ]);
    expect(calls.some(([callback, detail]) => callback === 'onEvent' && detail['name'] === 'success')).to.equal(true);
    expect(states).to.include.members([false, true]);

    // exit() ends a second run as Close would.
    calls.length = 0;
    controls!.open();
    await waitUntil(() => document.querySelector('dialog.provider-link-modal provider-link'));
    controls!.exit();
    expect(document.querySelector('dialog.provider-link-modal')).to.equal(null);
    expect(outcomes(calls)).to.deep.equal([['onExit', null, 'user_cancelled']]);
  });

  it('useProviderLink agrees with open() on what a token is: a non-string one is not ready, and open() shows nothing rather than throwing', () => {
    let controls: { open(): void; ready: boolean } | undefined;
    function Connect() {
      // A page in plain JavaScript can hand over anything; open() accepts only a string.
      controls = useProviderLink({ linkToken: 42 as unknown as string });
      return null;
    }
    flushSync(() => root.render(React.createElement(Connect)));
    expect(controls!.ready).to.equal(false);
    controls!.open();
    expect(document.querySelector('dialog.provider-link-modal')).to.equal(null);
  });

  it('useProviderLink closes its dialog when the component unmounts', async () => {
    const linkToken = await mintToken();
    let open = () => {};
    function Connect() {
      open = useProviderLink({ linkToken }).open;
      return null;
    }
    flushSync(() => root.render(React.createElement(Connect)));
    open();
    expect(document.querySelector('dialog.provider-link-modal')).to.not.equal(null);
    flushSync(() => root.render(null));
    expect(document.querySelector('dialog.provider-link-modal')).to.equal(null);
  });

  it('a second useProviderLink leaves the first one’s dialog alone: its open() waits, and unmounting it closes nothing', async () => {
    const [tokenA, tokenB] = [await mintToken(), await mintToken()];
    const calls: Call[] = [];
    const controls: Record<string, { open(): void }> = {};
    function Connect({ name, linkToken }: { name: string; linkToken: string }) {
      controls[name] = useProviderLink({ linkToken, onExit: (detail) => calls.push([`${name}.onExit`, detail as unknown as Record<string, unknown>]) });
      return null;
    }
    const both = (showB: boolean) =>
      React.createElement(React.Fragment, null, React.createElement(Connect, { name: 'a', linkToken: tokenA }), showB ? React.createElement(Connect, { name: 'b', linkToken: tokenB }) : null);
    flushSync(() => root.render(both(true)));
    controls['a']!.open();
    const dialog = document.querySelector('dialog.provider-link-modal');
    controls['b']!.open();
    expect(document.querySelectorAll('dialog.provider-link-modal'), 'one dialog at a time').to.have.length(1);
    flushSync(() => root.render(both(false)));
    expect(dialog?.isConnected, 'B unmounting leaves A’s dialog open').to.equal(true);
    expect(calls).to.deep.equal([]);

    const widget = dialog?.querySelector('provider-link') as ProviderLinkElement;
    await waitForHeading(widget, 'Connect a data source');
    widget.exit();
    expect(calls.map(([name]) => name)).to.deep.equal(['a.onExit']);
  });

  it('useProviderLink opens again after the page removed its dialog (onExit came, the hook is free)', async () => {
    const linkToken = await mintToken();
    const calls: string[] = [];
    let open = () => {};
    function Connect() {
      open = useProviderLink({ linkToken, onExit: (detail) => calls.push(detail.reason) }).open;
      return null;
    }
    flushSync(() => root.render(React.createElement(Connect)));
    open();
    const first = document.querySelector('dialog.provider-link-modal')!;
    await waitForHeading(first.querySelector('provider-link') as ProviderLinkElement, 'Connect a data source');
    first.remove();
    await waitUntil(() => calls.length > 0, 'onExit after the dialog was removed');
    open();
    const second = document.querySelector('dialog.provider-link-modal');
    expect(second, 'a new dialog').to.not.equal(null);
    expect(second).to.not.equal(first);
    expect(calls).to.deep.equal(['user_cancelled']);
  });
});
