/**
 * Every spinner has an accessible name ("Loading…" in the session's language): a progressbar
 * without one is a serious accessibility fault (axe: aria-progressbar-name). The browser's
 * accessibility check met one on the barcode query while its pane loaded.
 */
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PageLoader } from '../../src/engine/pages/PageLoader';
import { withProviders } from './harness';

describe('spinners', () => {
  it('the page loader\'s spinner is named in the session\'s language', () => {
    withProviders(<PageLoader />, 'en');
    expect(screen.getByRole('progressbar', { name: 'Loading…' })).toBeInTheDocument();
  });

  it('in Traditional Chinese too', () => {
    withProviders(<PageLoader />, 'zh_TW');
    expect(screen.getByRole('progressbar').getAttribute('aria-label')).toMatch(/載入/);
  });
});
