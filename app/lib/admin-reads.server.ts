/*
 * The schemas the back office's list pages read the API's answers with. Only their loaders use
 * them, so they come through this .server module: a route importing a schema from contract/ at
 * module level ships zod to the browser even when no browser code reads it (ADR 012).
 */
export { orderListSchema } from '@contract/api/admin';
export { customerListSchema } from '@contract/api/customers';
export { adminDiscountListSchema } from '@contract/api/discounts';
export { figuresSchema } from '@contract/api/figures';
export { funnelSchema } from '@contract/api/insights';
export { adminProductListSchema } from '@contract/api/products-admin';
export { returnListSchema } from '@contract/api/returns';
export { auditListSchema } from '@contract/api/staff';
