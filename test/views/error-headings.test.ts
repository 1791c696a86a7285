/**
 * An error screen's heading and its line add to each other, in every language:
 * the line never says the heading again ("Something went wrong" / "Something went wrong. Try again.").
 */
import { expect } from '@open-wc/testing';
import { ERRORS } from '../../src/contract/errors.js';
import { errorHeading, errorMessage, LANGUAGES, loadMessages } from '../../src/i18n/index.js';

/** Letters and digits only, lower-cased: punctuation and spacing do not make words different. */
const bare = (text: string) => text.toLocaleLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

describe('error headings and lines', () => {
  for (const language of LANGUAGES) {
    it(`${language}: no line repeats its heading`, async () => {
      const t = await loadMessages(language);
      expect(t.lang).to.equal(language);
      for (const code of [...Object.keys(ERRORS), 'http_502']) {
        const [heading, line] = [errorHeading(t, code), errorMessage(t, code)];
        expect(bare(line), `${code}: “${heading}” / “${line}”`).not.to.include(bare(heading));
      }
    });
  }
});
