import { type AuthStep, stepProgress } from '~/forms/auth';

import { STEP_BODIES } from './steps';
import type { AuthFlowView } from './view';

export type { AuthFlowView } from './view';

const HEADINGS: Record<AuthStep, string> = {
  email: 'Sign in or create an account',
  'verify-or-guest': 'Verify your email',
  verify: 'Enter your code',
  register: 'Create your account',
  login: 'Welcome back',
  'forgot-password': 'Reset your password',
  'reset-code': 'Enter your reset code',
  'new-password': 'Choose a new password',
  'reset-success': 'Password reset successful',
  success: 'You are signed in',
};

export function AuthFlow({ view, headingLevel = 1 }: { view: AuthFlowView; headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const progress = stepProgress(view.step);
  const StepBody = STEP_BODIES[view.step];
  return (
    <section className="auth-flow" aria-labelledby="auth-heading">
      <ol className="auth-progress" aria-label={`Step ${progress} of 3`}>
        {[1, 2, 3].map((dot) => (
          <li key={dot} className={dot <= progress ? 'is-done' : undefined} aria-current={dot === progress ? 'step' : undefined} />
        ))}
      </ol>
      <Heading id="auth-heading" className="auth-heading">
        {HEADINGS[view.step]}
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
