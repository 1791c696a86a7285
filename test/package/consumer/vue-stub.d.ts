// Stands in for Vue in the typings check (test/package/consumer/vue.ts).
declare module 'vue' {
  export type DefineComponent<Props> = { new (): { $props: Props } };
  export interface GlobalComponents {}
}
