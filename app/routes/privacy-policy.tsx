import { policyRoute } from '~/lib/policy-route';

const route = policyRoute('privacy-policy');

export const { loader, meta, handle, headers } = route;
export default route.Policy;
