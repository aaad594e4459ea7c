import type { MessageKey } from '~/lib/i18n';

/**
 * The validation messages of the back office's catalogue forms (app/forms/admin*.ts), each English text with
 * the catalogue key of its Italian (ADR 072), as FORM_MESSAGE_KEYS does for the shoppers' forms.
 */
export const ADMIN_CATALOGUE_FORM_MESSAGES: Record<string, MessageKey> = {};
