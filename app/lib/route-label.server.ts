import { matchRoutes } from '@remix-run/react';
import type { ServerBuild } from '@remix-run/server-runtime';

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteNode[];
}

function childrenOf(manifest: ServerBuild['routes'], parentId: string | undefined): RouteNode[] {
  return Object.values(manifest)
    .filter((route) => route.parentId === parentId)
    .map((route) => ({
      id: route.id,
      path: route.path,
      index: route.index,
      caseSensitive: route.caseSensitive,
      children: route.index ? undefined : childrenOf(manifest, route.id),
    }));
}

/**
 * The Remix route a path reaches (its id, `routes/product.$productName`), matched as Remix matches
 * it; null when none does. Metrics count pages under it, so product names never become labels.
 */
export function routeLabeler(manifest: ServerBuild['routes']): (pathname: string) => string | null {
  const tree = childrenOf(manifest, undefined);
  return (pathname) => {
    const matches = matchRoutes(tree as Parameters<typeof matchRoutes>[0], pathname);
    return matches ? (matches[matches.length - 1].route as RouteNode).id : null;
  };
}
