import type { I18nData, Namespace, Translate } from '~/lib/i18n';
import { i18nData, serverTranslator } from '~/lib/i18n.server';
import type { StaffContext } from '~/lib/staff-session.server';

/** The back office's namespaces: its frame's (`admin`, sent by the layout) and one per area. */
export type AdminNamespace = Extract<Namespace, `admin${string}`>;

/**
 * The `i18n` a back-office loader answers (ADR 072): its area's messages in the member's language,
 * with `forms` so the shared schemas' validation messages read in it too.
 */
export async function adminI18n(
  context: { staff: StaffContext; dataRequest: boolean },
  ...namespaces: AdminNamespace[]
): Promise<I18nData> {
  return i18nData({ locale: await context.staff.locale(), dataRequest: context.dataRequest }, ...namespaces, 'forms');
}

/** A translator for back-office loaders and actions: notices and refusals in the member's language. */
export async function adminTranslator(context: { staff: StaffContext }, ...namespaces: AdminNamespace[]): Promise<Translate> {
  return serverTranslator(await context.staff.locale(), 'admin', ...namespaces);
}
