import { useFetchers, useNavigation } from '@remix-run/react';

/** A thin bar at the top while a navigation or a form submission is pending (JavaScript only). */
export function ProgressBar() {
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== 'idle' || fetchers.some((fetcher) => fetcher.state !== 'idle');
  if (!busy) return null;
  return <div className="progress-bar" role="progressbar" aria-label="Loading" data-testid="progress-bar" />;
}
