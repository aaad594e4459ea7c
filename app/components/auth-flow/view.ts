import type { SubmissionResult } from '@conform-to/react';

import type { AuthContext, AuthStep } from '~/forms/auth';

/** What the flow needs to draw a step; made by loadAuthView in the loader of the page that shows it. */
export interface AuthFlowView {
  step: AuthStep;
  context: AuthContext;
  email: string | null;
  intent: 'register' | 'guest' | null;
  returnTo: string;
  lastResult: SubmissionResult<string[]> | null;
  notice: string | null;
  /** Seconds until a code may be sent again. */
  resendIn: number;
  /** The success step: where it goes, and after how many seconds. */
  successTo: string | null;
  countdown: number;
}

/** The body of one step of the flow. */
export type StepProps = { view: AuthFlowView };

/** `?auth=<step>` on the page that shows the flow. */
export function stepHref(returnTo: string, step: AuthStep): string {
  const url = new URL(returnTo, 'http://local');
  url.searchParams.set('auth', step);
  return `${url.pathname}${url.search}`;
}
