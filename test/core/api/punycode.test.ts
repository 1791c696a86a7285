/** Punycode decoding (RFC 3492), for reading back a host name a URL parser wrote in `xn--` form. */
import { expect } from '@open-wc/testing';
import { decodePunycode, hostInUnicode } from '../../../src/core/api/punycode.js';

describe('decodePunycode', () => {
  it('decodes the sample strings of RFC 3492 (section 7.1)', () => {
    const samples: [string, string][] = [
      ['egbpdaj6bu4bxfgehfvwxn', 'ليهمابتكلموشعربي؟'],
      ['ihqwcrb4cv8a8dqg056pqjye', '他们为什么不说中文'],
      ['ihqwctvzc91f659drss3x8bo0yb', '他們爲什麽不說中文'],
      ['Proprostnemluvesky-uyb24dma41a', 'Pročprostěnemluvíčesky'],
      ['4dbcagdahymbxekheh6e0a7fei0b', 'למההםפשוטלאמדבריםעברית'],
      ['i1baa7eci9glrd9b2ae1bj0hfcgg6iyaf8o0a1dig0cd', 'यहलोगहिन्दीक्योंनहींबोलसकतेहैं'],
      ['n8jok5ay5dzabd5bym9f0cm5685rrjetr6pdxa', 'なぜみんな日本語を話してくれないのか'],
      ['b1abfaaepdrnnbgefbadotcwatmq2g4l', 'почемужеонинеговорятпорусски'],
      ['PorqunopuedensimplementehablarenEspaol-fmd56a', 'PorquénopuedensimplementehablarenEspañol'],
      ['TisaohkhngthchnitingVit-kjcr8268qyxafd2f1b9g', 'TạisaohọkhôngthểchỉnóitiếngViệt'],
      ['3B-ww4c5e180e575a65lsy2b', '3年B組金八先生'],
      ['-with-SUPER-MONKEYS-pc58ag80a8qai00g7n9n', '安室奈美恵-with-SUPER-MONKEYS'],
      ['Hello-Another-Way--fc4qua05auwb3674vfr0b', 'Hello-Another-Way-それぞれの場所'],
      ['2-u9tlzr9756bt3uc0v', 'ひとつ屋根の下2'],
      ['MajiKoi5-783gue6qz075azm5e', 'MajiでKoiする5秒前'],
      ['de-jg4avhby1noc0d', 'パフィーdeルンバ'],
      ['d9juau41awczczp', 'そのスピードで'],
      ['-> $1.00 <--', '-> $1.00 <-'],
    ];
    for (const [encoded, text] of samples) expect(decodePunycode(encoded), encoded).to.equal(text);
  });

  it('reads back every label the browser’s own URL parser writes', () => {
    for (const label of ['pässwortgeheim', 'bücher', 'münchen-straße', 'παράδειγμα', 'пример', '例え', '☃', 'a😀b']) {
      const host = new URL(`https://${label}.example/`).hostname;
      expect(host, label).to.match(/^xn--[a-z0-9-]+\.example$/);
      expect(decodePunycode(host.slice('xn--'.length, -'.example'.length)), label).to.equal(label);
    }
  });

  it('takes upper-case digits as lower-case ones, and keeps the case of the basic letters', () => {
    expect(decodePunycode('PSSWORTGEHEIM-BFB')).to.equal('PäSSWORTGEHEIM');
    expect(decodePunycode('psswortgeheim-BFB')).to.equal('pässwortgeheim');
  });

  it('refuses what is not Punycode instead of guessing', () => {
    for (const invalid of [
      'ä-abc', // a non-ASCII letter among the basic code points
      'abc-!', // a character that is no digit
      '-abc', // a delimiter with nothing before it is read as a digit, and is none
      'abc-9', // ends in the middle of a number (9 asks for more digits)
      '999999999999', // a number past 2³¹
      'zz9b1z', // a code point past U+10FFFF
      '8x0c', // a surrogate, which no text holds on its own
    ]) {
      expect(decodePunycode(invalid), invalid).to.equal(null);
    }
  });
});

describe('hostInUnicode', () => {
  it('decodes each xn-- label, in either case, and leaves the others and what is not Punycode as they are', () => {
    expect(hostInUnicode('xn--psswortgeheim-bfb.evil.example')).to.equal('pässwortgeheim.evil.example');
    expect(hostInUnicode('XN--bcher-kva.xn--mnchen-3ya.example')).to.equal('bücher.münchen.example');
    expect(hostInUnicode('app.example')).to.equal('app.example');
    expect(hostInUnicode('xn--999999999999.example')).to.equal('xn--999999999999.example');
    expect(hostInUnicode('127.0.0.1')).to.equal('127.0.0.1');
  });
});
