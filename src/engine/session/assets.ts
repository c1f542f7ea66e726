/** URLs of tenant assets (logo, login background): absolute or rooted as given, else under staticHost. */
import type { TenantConfig } from '../../domain/api';

export function assetUrl(config: Pick<TenantConfig, 'staticHost'> | undefined, path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:)?\/\//i.test(path) || path.startsWith('/') || path.startsWith('data:') || path.startsWith('blob:')) return path;
  const host = (config?.staticHost ?? '').replace(/\/+$/, '');
  return host ? `${host}/${path}` : `/${path}`;
}

