import { useI18n } from '~/lib/i18n';

/** Placeholder panels in the profile's two columns while a client navigation loads it (docs/product.md#profile). */
export function ProfileSkeleton() {
  const { t } = useI18n();
  return (
    <section className="profile-skeleton" aria-busy="true" aria-label={t('loading.profile')} data-testid="profile-skeleton">
      <div className="skeleton-block profile-skeleton__title" />
      <div className="profile-layout">
        <div className="skeleton-block profile-skeleton__panel" />
        <div className="profile-layout__side">
          <div className="skeleton-block profile-skeleton__panel" />
          <div className="skeleton-block profile-skeleton__panel profile-skeleton__panel--short" />
        </div>
      </div>
    </section>
  );
}
