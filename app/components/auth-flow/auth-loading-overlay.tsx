/** Full-screen dark overlay while a page that needs a signed-in shopper is loading (JavaScript only). */
export function AuthLoadingOverlay() {
  return (
    <div className="auth-overlay" role="status" aria-live="polite">
      <span className="auth-overlay__spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading...</span>
    </div>
  );
}
