/**
 * Issue 24: a menu screen's child routes come from its declarations (a crud declaration's
 * `wizard` steps and view page, and its `formPage`), not from a hand-written map: a declaration
 * can add one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import '../../src/app/registerAll';
import type { ScreenDeclaration } from '../../src/domain/declarations';
import { declarationFiles, registerDeclarations } from '../../src/engine/declarations/catalogue';
import { childRoutesOf, isDeclaredRoute, subRouteOf } from '../../src/engine/routes/subRoutes';

const registered = declarationFiles();
afterEach(() => registerDeclarations(registered));

describe('child routes', () => {
  it('are the steps the declarations on the menu path declare', () => {
    expect(childRoutesOf('/activity/lottery-activity')).toEqual(['create', 'config', 'info', 'detail']);
    expect(childRoutesOf('/activity/point-activity')).toEqual(['config']);
    expect(childRoutesOf('/system/role')).toEqual([]);
    expect(subRouteOf('/activity/lottery-activity', '/activity/lottery-activity/info/')).toBe('info');
    expect(subRouteOf('/activity/lottery-activity', '/activity/lottery-activity/nope')).toBe('');
    expect(isDeclaredRoute('/activity/lottery-activity', '/activity/lottery-activity')).toBe(true);
    expect(isDeclaredRoute('/activity/point-activity', '/activity/point-activity/config')).toBe(true);
    expect(isDeclaredRoute('/system/role', '/system/role/config')).toBe(false);
  });

  it('a declaration adds its own', () => {
    const role = (registered as readonly ScreenDeclaration[]).find((d) => d.id === 'system.role')!;
    registerDeclarations([...registered, { ...role, id: 'system.role-steps', wizard: { steps: [{ route: 'review', title: role.title, part: 'lotteryReview' }] } }]);
    expect(childRoutesOf('/system/role')).toEqual(['review']);
    expect(isDeclaredRoute('/system/role', '/system/role/review')).toBe(true);
  });
});
