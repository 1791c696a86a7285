// The generated Vue typings (`@provider-link/widget/vue`) resolve against Vue itself and name only
// types the package exports. App.vue checks them in a template, with vue-tsc.
import type { CustomElements, ProviderLinkProps } from '@provider-link/widget/vue';
import type { DefineComponent } from 'vue';

export const component: CustomElements['provider-link'] extends DefineComponent<ProviderLinkProps> ? true : never = true;
export const onExit: NonNullable<ProviderLinkProps['onLinkExit']> = (event) => event.detail.reason;
export const mode: ProviderLinkProps['oauthMode'] = 'redirect';
