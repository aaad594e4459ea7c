import { policyRoute } from '~/lib/policy-route';

const route = policyRoute('return-policy');

export const { loader, meta, handle, headers } = route;
export default route.Policy;
