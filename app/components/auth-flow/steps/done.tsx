import { Link } from '@remix-run/react';

import { AUTH_MESSAGES } from '~/lib/messages';

import { Countdown } from '../countdown';
import { stepHref, type StepProps } from '../view';

/** The password is changed: back to login after a countdown. */
export function ResetSuccessStep({ view }: StepProps) {
  return (
    <div className="auth-done">
      <p>Your password has been changed. You can now log in with your new password.</p>
      <Countdown
        seconds={view.countdown}
        to={view.successTo ?? stepHref(view.returnTo, 'login')}
        render={(left) => `Returning to login in ${left}s`}
      />
      <Link to={view.successTo ?? stepHref(view.returnTo, 'login')} className="button" replace>
        Go to login now
      </Link>
    </div>
  );
}

/** Signed in: on to where the shopper was going after a countdown. */
export function SuccessStep({ view }: StepProps) {
  return (
    <div className="auth-done">
      <p>{view.context === 'modal' ? 'Taking you back...' : AUTH_MESSAGES.bringingYouToAccount}</p>
      <Countdown seconds={view.countdown} to={view.successTo ?? '/profile'} render={(left) => `Redirecting in ${left}s`} />
      <Link to={view.successTo ?? '/profile'} className="button" replace>
        Redirect now
      </Link>
    </div>
  );
}
