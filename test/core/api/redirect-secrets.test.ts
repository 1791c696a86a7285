/**
 * A `redirect_url` is checked for the flow's secrets as the service wrote it and as a URL parser
 * rewrites it: the parser lower-cases the host, writes a non-ASCII label in Punycode, folds
 * full-width letters, decodes a percent-encoded host and reads a number as an IPv4 address, and
 * each of these can make a secret read differently from what the person typed.
 */
import { expect } from '@open-wc/testing';
import { createLinkClient } from '../../../src/core/api/client.js';
import { flowSecrets } from '../../../src/core/api/secrets.js';

const username = 'AdaLovelace';
const password = 'Hunter2SecretPw';
const code = '987654';

/** What a sign-in and its code round pass on when the service links with this `redirect_url`. */
async function redirectPassedOn(redirectUrl: string, credentials = { username, password }): Promise<{ redirectUrl: string | null; warnings: string[] }> {
  let call = 0;
  const client = createLinkClient({
    linkToken: 'lt_Mixed-Case_Token',
    fetch: async () =>
      new Response(JSON.stringify(++call === 1 ? { state: 'pending_provider_mfa', provider_mfa: { method: 'sms', hint: '42' } } : { state: 'success', redirect_url: redirectUrl })),
  });
  const warnings: string[] = [];
  const original = console.warn;
  console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
  try {
    await client.signInWithPassword('ok', credentials);
    return { redirectUrl: (await client.completeMfa('ok', code)).redirectUrl, warnings };
  } finally {
    console.warn = original;
  }
}

describe('a redirect_url with a secret that the URL parser rewrites', () => {
  for (const [address, what] of [
    ['https://Hunter2SecretPw.evil.example/done', 'the password in the host, as typed (the parser lower-cases it)'],
    ['https://hunter2SECRETpw.evil.example/done', 'the password in the host, in another case'],
    ['https://adalovelace.evil.example/done', 'the username in the host, in lower case'],
    ['https://lt_mixed-case_token.evil.example/done', 'the token in the host, in lower case'],
    ['https://ＨＵＮＴＥＲ２ＳＥＣＲＥＴＰＷ.evil.example/done', 'the password in full-width letters (the parser folds them)'],
    ['https://%48unter2%53ecretPw.evil.example/done', 'the password percent-encoded in the host (the parser decodes it)'],
    ['https://987654/done', 'the code as the host (the parser writes it as 0.15.18.6)'],
    ['https://app.example/Hunter2SecretPw/../done', 'the password in a dot segment (the parser drops it)'],
    ['https://app.example/done?who=Hunter\t2SecretPw', 'the password cut by a tab (the parser drops it)'],
  ] as const) {
    it(`drops it: ${what}`, async () => {
      const { redirectUrl, warnings } = await redirectPassedOn(address);
      expect(redirectUrl).to.equal(null);
      expect(warnings).to.have.length(1);
      for (const secret of [password, password.toLowerCase(), username.toLowerCase(), code]) expect(warnings[0]).not.to.include(secret);
    });
  }

  it('drops a non-ASCII password in the host, sent in Punycode, in capitals, or as typed', async () => {
    for (const address of ['https://xn--psswortgeheim-bfb.evil.example/done', 'https://XN--PSSWORTGEHEIM-BFB.evil.example/done', 'https://PÄSSWORTGEHEIM.evil.example/done', 'https://pässwortgeheim.evil.example/done']) {
      const { redirectUrl } = await redirectPassedOn(address, { username, password: 'pässwortgeheim' });
      expect(redirectUrl, address).to.equal(null);
    }
  });

  it('passes on a harmless address as the parser writes it, with no warning', async () => {
    for (const [address, parsed] of [
      ['https://app.example/linked', 'https://app.example/linked'],
      ['https://Bücher.App.example/linked?from=Pigeon', 'https://xn--bcher-kva.app.example/linked?from=Pigeon'],
      // A Punycode host that decodes to no secret of this flow.
      ['https://xn--psswortgeheim-bfb.evil.example/done', 'https://xn--psswortgeheim-bfb.evil.example/done'],
    ] as const) {
      expect(await redirectPassedOn(address), address).to.deep.equal({ redirectUrl: parsed, warnings: [] });
    }
    // A secret under four characters counts only as a word in text, never inside a host name.
    expect((await redirectPassedOn('https://alpha.example/', { username: 'AL', password })).redirectUrl).to.equal('https://alpha.example/');
  });
});

describe('flowSecrets().foundInAddress', () => {
  it('finds a secret as written, as parsed, or in the host in any case, and nothing in an address that is not one', () => {
    const secrets = flowSecrets(['Hunter2SecretPw']);
    expect(secrets.foundInAddress('https://HUNTER2SECRETPW.example/')).to.equal(true);
    expect(secrets.foundInAddress('not a url Hunter2SecretPw')).to.equal(true);
    expect(secrets.foundInAddress('not a url hunter2secretpw'), 'outside a host name, case counts').to.equal(false);
    expect(secrets.foundInAddress('https://app.example/hunter2secretpw'), 'a path has case').to.equal(false);
  });
});
