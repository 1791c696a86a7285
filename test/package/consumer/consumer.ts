// A partner's code, type-checked (NodeNext) against the packed tarball installed in a fresh app
// folder: `npm run test:types` (scripts/check-consumer.mjs). Every line here is something
// the README and docs/embedding.md tell an integrator they can write; each `@ts-expect-error` is a mistake the types
// must catch.
import { openLinkModal, ProviderLinkElement, type LinkErrorType, type LinkEventDetail, type LinkSuccessDetail } from '@provider-link/widget';
import { openLinkModal as openFromBundle, ProviderLinkElement as BundleElement } from '@provider-link/widget/bundle';
import '@provider-link/widget/define';
import '@provider-link/widget/iife';

const handle = openLinkModal({
  linkToken: 'from-the-backend',
  onSuccess: (detail: LinkSuccessDetail) => detail.provider.toUpperCase(),
  onError: (detail) => detail.recoverable,
});
handle.close();
openFromBundle({ linkToken: 'from-the-backend', oauthMode: 'popup' });
// @ts-expect-error the modal needs a token
openFromBundle({});
// @ts-expect-error not an oauth mode
openLinkModal({ linkToken: 'x', oauthMode: 'sideways' });

window.ProviderLink?.open({ linkToken: 'from-the-backend' });

const element: ProviderLinkElement = document.createElement('provider-link');
const fromBundle: typeof BundleElement = ProviderLinkElement;
element.restart();
element.exit();
element.addEventListener('link-success', (event) => {
  const provider: string = event.detail.provider;
  return provider;
});
element.addEventListener('link-error', (event) => {
  const known: LinkErrorType = 'token_expired';
  const later: LinkErrorType = 'an_error_type_from_next_year';
  return [known, later, event.detail.errorType === 'incorrect_mfa_code'];
});
element.addEventListener('link-event', (event) => {
  const name: LinkEventDetail['name'] = event.detail.name;
  // @ts-expect-error not a link-event name
  const wrong: LinkEventDetail['name'] = 'provider_chosen';
  return [name, wrong, fromBundle];
});

// The React entry, in a partner's React code (no JSX needed to check the types).
import { ProviderLink, useProviderLink } from '@provider-link/widget/react';
import { createElement } from 'react';

export function ConnectButton({ linkToken }: { linkToken: string }) {
  const { open, exit, ready } = useProviderLink({
    linkToken,
    onSuccess: (detail) => detail.provider.toUpperCase(),
    onExit: (detail) => detail.reason === 'done',
  });
  // @ts-expect-error the hook needs a token
  useProviderLink({});
  return [
    createElement('button', { disabled: !ready, onClick: open }, 'Connect a device'),
    createElement('button', { onClick: exit }, 'Stop'),
    createElement(ProviderLink, { linkToken, onSuccess: (event) => event.detail.provider.toUpperCase() }),
  ];
}
