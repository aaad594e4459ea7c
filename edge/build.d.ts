/** The storefront's server build (build/index.js), which the edge bundle takes in whole. */
declare module 'virtual:storefront-build' {
  export * from '~/server';
}
