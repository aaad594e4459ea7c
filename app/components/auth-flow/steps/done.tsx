import { Link } from '@remix-run/react';

import { useI18n } from '~/lib/i18n';

import { Countdown } from '../countdown';
import { stepHref, type StepProps } from '../view';

/** The password is changed: back to login after a countdown. */
export function ResetSuccessStep({ view }: StepProps) {
  const { t } = useI18n();
  return (
    <div className="auth-done">
      <p>{t('auth.passwordChanged')}</p>
      <Countdown
        seconds={view.countdown}
        to={view.successTo ?? stepHref(view.returnTo, 'login')}
        render={(left) => t('auth.returningToLogin', { seconds: left })}
      />
      <Link to={view.successTo ?? stepHref(view.returnTo, 'login')} className="button" replace>
        {t('auth.goToLoginNow')}
      </Link>
    </div>
  );
}

/** Signed in: on to where the shopper was going after a countdown. */
export function SuccessStep({ view }: StepProps) {
  const { t } = useI18n();
  return (
    <div className="auth-done">
      <p>{view.context === 'modal' ? t('auth.takingYouBack') : t('auth.bringingYouToAccount')}</p>
      <Countdown seconds={view.countdown} to={view.successTo ?? '/profile'} render={(left) => t('auth.redirectingIn', { seconds: left })} />
      <Link to={view.successTo ?? '/profile'} className="button" replace>
        {t('auth.redirectNow')}
      </Link>
    </div>
  );
}
