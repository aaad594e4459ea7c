import { type AuthStep, stepProgress } from '~/forms/auth';
import { type MessageKey, useI18n } from '~/lib/i18n';

import { STEP_BODIES } from './steps';
import type { AuthFlowView } from './view';

export type { AuthFlowView } from './view';

const HEADINGS: Record<AuthStep, MessageKey> = {
  email: 'auth.heading.email',
  'verify-or-guest': 'auth.heading.verifyOrGuest',
  verify: 'auth.heading.verify',
  register: 'auth.heading.register',
  login: 'auth.heading.login',
  'forgot-password': 'auth.heading.forgotPassword',
  'reset-code': 'auth.heading.resetCode',
  'new-password': 'auth.heading.newPassword',
  'reset-success': 'auth.heading.resetSuccess',
  success: 'auth.heading.success',
};

export function AuthFlow({ view, headingLevel = 1 }: { view: AuthFlowView; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const progress = stepProgress(view.step);
  const StepBody = STEP_BODIES[view.step];
  const { t } = useI18n();
  return (
    <section className="auth-flow" aria-labelledby="auth-heading">
      <ol className="auth-progress" aria-label={t('auth.progress', { step: progress })}>
        {[1, 2, 3].map((dot) => (
          <li key={dot} className={dot <= progress ? 'is-done' : undefined} aria-current={dot === progress ? 'step' : undefined} />
        ))}
      </ol>
      <Heading id="auth-heading" className="auth-heading">
        {t(HEADINGS[view.step])}
      </Heading>
      {view.notice ? (
        <p className="auth-notice" role="status">
          {view.notice}
        </p>
      ) : null}
      <StepBody key={view.step} view={view} />
    </section>
  );
}
