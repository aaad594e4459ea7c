import { policyRoute } from '~/lib/policy-route';

const route = policyRoute('website-use-agreement');

export const { loader, meta, handle, headers } = route;
export default route.Policy;
