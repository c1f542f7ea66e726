/** Route metadata: what the page title (and nothing else yet) is made of. */
export interface RouteHandle {
  /** i18n key of the page's function name (login, home, forbidden). */
  titleKey?: string;
  /** The menu path whose localized name titles the page (section routes). */
  menuPath?: string;
}

export function isRouteHandle(v: unknown): v is RouteHandle {
  return !!v && typeof v === 'object' && ('titleKey' in v || 'menuPath' in v);
}
