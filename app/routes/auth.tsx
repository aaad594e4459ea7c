import { type ActionFunctionArgs, redirect } from '@remix-run/node';

import { handleAuthAction } from '~/lib/auth-flow.server';

/** Every step of the sign-in flow posts here, wherever the flow is shown. */
export function action({ request, context }: ActionFunctionArgs) {
  return handleAuthAction(request, context);
}

export function loader() {
  return redirect('/login');
}
