/** axe on every state of the machine, in both themes, left to right and right to left. */
import { expect } from '@open-wc/testing';
import { leafStates, MOMENTARY_STATES } from '../core/machine/fixtures.js';
import { renderSample, stateSamples } from '../support/state-gallery.js';

const samples = stateSamples();

describe('accessibility of every state (axe, WCAG 2.2 AA)', function () {
  this.timeout(60000);

  it('covers every state of the machine', () => {
    const covered = new Set(samples.map((s) => s.name.split(':')[0]));
    for (const state of leafStates().filter((s) => !MOMENTARY_STATES.includes(s))) expect(covered.has(state), state).to.equal(true);
  });

  for (const locale of ['en', 'ar']) {
    for (const theme of ['light', 'dark'] as const) {
      it(`has no violations in any state, ${locale}, ${theme}`, async () => {
        const failures: string[] = [];
        for (const sample of samples) {
          const host = await renderSample(sample, { locale, theme });
          try {
            await expect(host).to.be.accessible({ ignoredRules: [] });
          } catch (error) {
            failures.push(`${sample.name}: ${(error as Error).message.split('\n').slice(0, 4).join(' | ')}`);
          } finally {
            host.remove();
          }
        }
        expect(failures, failures.join('\n')).to.deep.equal([]);
      });
    }
  }

  it('cuts nothing off on a 320 px screen (or at 200 % zoom on 640 px), inside a page with margins, in English, Arabic and German', async () => {
    const failures: string[] = [];
    for (const locale of ['en', 'ar', 'de']) {
      for (const sample of samples) {
        const host = await renderSample(sample, { locale, theme: 'light' });
        host.style.width = '288px'; // a 320 px screen, less a 16 px page margin each side
        try {
          const base = host.shadowRoot!.querySelector('[part~="base"]') as HTMLElement;
          const frame = base.getBoundingClientRect();
          for (const element of host.shadowRoot!.querySelectorAll<HTMLElement>('*:not(.visually-hidden, .visually-hidden *)')) {
            const box = element.getBoundingClientRect();
            if (box.width > 0 && (box.left < frame.left - 1 || box.right > frame.right + 1)) {
              failures.push(`${sample.name} ${locale}: <${element.localName} class="${element.className}"> sticks out`);
            }
          }
          if (base.scrollWidth > base.clientWidth + 1) failures.push(`${sample.name} ${locale}: scrolls sideways`);
        } finally {
          host.remove();
        }
      }
    }
    expect(failures, failures.join('\n')).to.deep.equal([]);
  });
});
