// Stands in for Vue in the typings check (test/package/consumer/vue.ts).
declare module 'vue' {
  export type DefineComponent<Props> = { new (): { $props: Props } };
  // Empty, as Vue's own is: the package's typings add to it by declaration merging.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface GlobalComponents {}
}
