import { policyRoute } from '~/lib/policy-route';

const route = policyRoute('terms-and-conditions');

export const { loader, meta, handle, headers } = route;
export default route.Policy;
