// A partner's whole app that is also its own redirect_url, bundled by scripts/build-test-apps.mjs
// from the installed package's `/define`: it has no code of its own for the OAuth popup.
import '@provider-link/widget/define';

document.body.insertAdjacentHTML('beforeend', '<h1>The partner app</h1><provider-link></provider-link>');
