import { type ActionFunctionArgs, redirect } from '@remix-run/node';

import { endSession } from '~/lib/auth-flow.server';

/** Sign-out is a POST (a form in the navigation); then the shopper lands on the shop. */
export async function action({ context }: ActionFunctionArgs) {
  return redirect('/', { status: 303, headers: { 'Set-Cookie': await endSession(context) } });
}

export function loader() {
  return redirect('/');
}
