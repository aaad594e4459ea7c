import { json, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { ApiRequestError, upstreamStatus } from '~/lib/api.server';
import { requireUser, shopperApi, userSchema } from '~/lib/auth.server';
import { displayName } from '~/lib/display-name';
import { pageTitle } from '~/lib/page-title';

export const meta: MetaFunction = () => [{ title: pageTitle('Profile') }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request, { requireRegistered: true });
  const { api, commit } = await shopperApi(request);
  try {
    const user = await api.request('GET', 'auth/me', userSchema);
    return json({ user, error: null }, { headers: { ...(await commit()), 'Cache-Control': 'private, no-store' } });
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return json({ user: null, error: error.message }, { status: error.status === 401 ? 401 : upstreamStatus(error), headers: { ...(await commit()), 'Cache-Control': 'private, no-store' } });
  }
}

const memberSince = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

export default function Profile() {
  const { user, error } = useLoaderData<typeof loader>();
  if (!user) {
    return (
      <section className="profile">
        <p className="notice notice--error" role="alert">
          {error === 'No refresh token available' || error?.includes('expired') ? 'Not authenticated. Please log in.' : `Error loading profile: ${error}`}
        </p>
      </section>
    );
  }
  return (
    <section className="profile" aria-labelledby="profile-heading">
      <h1 id="profile-heading" className="page-title">
        Welcome back, {displayName(user)}!
      </h1>
      <div className="profile-card">
        <h2>Account Information</h2>
        <dl>
          {user.first_name || user.last_name ? (
            <>
              <dt>Name</dt>
              <dd>{[user.first_name, user.last_name].filter(Boolean).join(' ')}</dd>
            </>
          ) : null}
          <dt>Email</dt>
          <dd>{user.email}</dd>
          {user.phone ? (
            <>
              <dt>Phone</dt>
              <dd>{user.phone}</dd>
            </>
          ) : null}
          {user.address ? (
            <>
              <dt>Address</dt>
              <dd>{user.address}</dd>
            </>
          ) : null}
          {user.member_since ? (
            <>
              <dt>Member Since</dt>
              <dd>{memberSince.format(new Date(user.member_since))}</dd>
            </>
          ) : null}
        </dl>
      </div>
    </section>
  );
}
