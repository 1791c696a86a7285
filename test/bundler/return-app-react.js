// A partner's whole React app that is also its own redirect_url, bundled by
// scripts/build-test-apps.mjs from the installed package's `/react`: it has no code of its own for
// the OAuth popup.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { ProviderLink } from '@provider-link/widget/react';

createRoot(document.getElementById('app')).render(createElement('main', null, createElement('h1', null, 'The partner app'), createElement(ProviderLink, { linkToken: '' })));
