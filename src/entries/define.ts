/**
 * Registers `<provider-link>`. Safe to load more than once (two script tags, or the ESM and
 * IIFE builds on one page): the first definition wins and later ones do nothing. Before anything
 * else, it finishes the OAuth popup when this page is one (browser/return-page.ts).
 */
import '../browser/return-page.js';
import { ProviderLinkElement } from '../element/provider-link-element.js';

export const TAG_NAME = 'provider-link';

export function defineProviderLink(registry: CustomElementRegistry = customElements): void {
  if (!registry.get(TAG_NAME)) registry.define(TAG_NAME, ProviderLinkElement);
}

defineProviderLink();

declare global {
  interface HTMLElementTagNameMap {
    'provider-link': ProviderLinkElement;
  }
}
