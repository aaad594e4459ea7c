import type { ComponentType } from 'react';

import type { AuthStep } from '~/forms/auth';

import type { StepProps } from '../view';
import { ResetSuccessStep, SuccessStep } from './done';
import { ForgotPasswordStep, NewPasswordStep, ResetCodeStep } from './password-reset';
import { EmailStep, LoginStep, RegisterStep, VerifyOrGuestStep, VerifyStep } from './sign-in';

/** The body drawn under the heading for each step of the flow. */
export const STEP_BODIES: Record<AuthStep, ComponentType<StepProps>> = {
  email: EmailStep,
  'verify-or-guest': VerifyOrGuestStep,
  verify: VerifyStep,
  register: RegisterStep,
  login: LoginStep,
  'forgot-password': ForgotPasswordStep,
  'reset-code': ResetCodeStep,
  'new-password': NewPasswordStep,
  'reset-success': ResetSuccessStep,
  success: SuccessStep,
};
