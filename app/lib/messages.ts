/** User-visible strings of the spec, word for word, each defined once. */
export const MESSAGES = {
  somethingWentWrong: 'Something went wrong',
  errorLoadingProducts: (message: string) => `Error loading products: ${message}`,
  noProductsAvailable: 'No products available',
  httpError: (status: number) => `HTTP error! status: ${status}`,
  defaultCategory: 'PRODUCT',
  viewProduct: 'View Product',
  noImage: 'No Image',
} as const;
