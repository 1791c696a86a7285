// The generated Vue typings (`@provider-link/widget/vue`) resolve and are consistent: every type
// they name is one the package exports. Vue itself is not installed here: vue-stub.d.ts stands in
// for the two names the file takes from it.
import type { CustomElements } from '@provider-link/widget/vue';

type Props = CustomElements['provider-link'] extends import('vue').DefineComponent<infer P> ? P : never;
export const onSuccess: NonNullable<Props['onlink-success']> = (event) => event.detail.provider.toUpperCase();
export const mode: Props['oauth-mode'] = 'redirect';
