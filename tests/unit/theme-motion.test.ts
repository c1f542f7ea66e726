/** A user who asked for less motion gets a theme without transitions or ripples (theme.ts). */
import { describe, expect, it } from 'vitest';
import { createAppTheme } from '../../src/engine/theme/theme';

describe('the theme under reduced motion', () => {
  it('has no transition, no ripple and still skeletons; the full theme keeps them', () => {
    const reduced = createAppTheme(undefined, 'reduced');
    expect(reduced.transitions.create('opacity')).toBe('none');
    expect(reduced.transitions.duration.enteringScreen).toBe(0);
    expect(reduced.transitions.duration.leavingScreen).toBe(0);
    expect(reduced.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
    expect(reduced.components?.MuiSkeleton?.defaultProps?.animation).toBe(false);
    // The base theme's own overrides are still there.
    expect(reduced.components?.MuiButton?.defaultProps?.disableElevation).toBe(true);
    expect(reduced.palette.primary.main).toBe(createAppTheme().palette.primary.main);

    const full = createAppTheme();
    expect(full.transitions.create('opacity')).not.toBe('none');
    expect(full.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(full.components?.MuiButtonBase?.defaultProps?.disableRipple).toBeUndefined();
  });
});
