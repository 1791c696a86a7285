// Type-checked by test/node/package.test.mjs against the built package, through its own name and
// `exports` (a package can import itself by name): what a partner's TypeScript app writes.
import { openLinkModal, ProviderLinkElement } from '@provider-link/widget';
import type { LinkErrorDetail, LinkHandle } from '@provider-link/widget';
import '@provider-link/widget/define';
import { openLinkModal as openFromBundle } from '@provider-link/widget/bundle';
import type {} from '@provider-link/widget/iife';

const handle: LinkHandle = openLinkModal({ linkToken: 'from-your-backend', onError: (detail: LinkErrorDetail) => console.log(detail.errorType) });
handle.close();
openFromBundle({ linkToken: 'from-your-backend' }).element.restart();
window.ProviderLink?.open({ linkToken: 'from-your-backend' });
const element: ProviderLinkElement = document.createElement('provider-link');
element.addEventListener('link-success', (event) => console.log(event.detail.provider));
