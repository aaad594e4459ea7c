/**
 * 'Welcome back, {display name}!': first and last name, else the email, else 'User' (docs/product.md#profile;
 * `fallback` says 'User' in the page's language).
 */
export function displayName(
  user: { first_name?: string | null; last_name?: string | null; email?: string | null } | null,
  fallback = 'User',
): string {
  const name = [user?.first_name, user?.last_name].filter((part) => part && part.trim()).join(' ');
  return name || user?.email || fallback;
}
