import { useI18n } from '~/lib/i18n';

/** Full-screen dark overlay while a page that needs a signed-in shopper is loading (JavaScript only). */
export function AuthLoadingOverlay() {
  const { t } = useI18n();
  return (
    <div className="auth-overlay" role="status" aria-live="polite">
      <span className="auth-overlay__spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
