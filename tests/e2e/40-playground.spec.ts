/**
 * The screen playground: an operator Admin opens it from the top bar, edits the role
 * declaration in the code editor (CodeMirror's own search and replace, as a person would),
 * and sees a column label change in the rendered list and a field's maxLength in the form's
 * live validation; a misspelt keyword is listed as a meta-schema problem at its path; the
 * changes show as a line diff and the file downloads. The list renders sample rows without
 * calling the server's list. Staff and client users have no link and are sent to /home.
 * Screenshots at 1440 px and 390 px.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { fullClient } from './fixtures';
import { screenshot, signInAsNewUser } from './helpers';

/** Replaces text in the editor with CodeMirror's search panel (Ctrl+F), like a person would. */
async function replaceInEditor(page: Page, find: string, replace: string): Promise<void> {
  await page.getByTestId('playground-editor').locator('.cm-content').click();
  await page.keyboard.press('Control+f');
  const panel = page.locator('.cm-search');
  await panel.locator('input[name="search"]').fill(find);
  await panel.locator('input[name="replace"]').fill(replace);
  await panel.locator('button[name="replaceAll"]').click();
  await panel.locator('button[name="close"]').click();
  // The preview follows the text after a debounce: wait until it shows this text, so that
  // what is typed next in the preview's form is not typed into a form about to be remounted.
  await expect(page.getByTestId('playground-preview')).toHaveAttribute('data-settled', 'true');
}

test('an operator admin edits a declaration and sees the list and the form change as they type', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInAsNewUser(page, 'platform');
  // From here on: no call of the server's list, and no write.
  const listCalls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/v1/system/role' || r.method() !== 'GET') listCalls.push(`${r.method()} ${url.pathname}`);
  });
  await page.getByTestId('playground-link').click();
  await expect(page).toHaveURL(/\/playground$/);
  // The playground is a chunk of its own (CodeMirror): loaded on first use.
  await expect(page.getByTestId('playground-editor').locator('.cm-content')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('breadcrumb-current')).toHaveText('畫面試作區');
  await expect(page.getByTestId('playground-file')).toHaveText('src/schemas/system/role.json');
  const problems = page.getByTestId('playground-problems');
  await expect(problems).toHaveAttribute('data-count', '0');

  // The preview in English; the interface stays in zh_TW.
  await page.getByTestId('playground-lang-en').click();
  const preview = page.getByTestId('playground-preview');
  const header = (name: string) => preview.locator('.MuiDataGrid-columnHeaderTitle', { hasText: name });
  await expect(header('Role name')).toBeVisible();
  await expect(preview.locator('.MuiDataGrid-row')).toHaveCount(10);
  await expect(preview.getByTestId('crud-total')).toHaveText('23 items in total');
  await expect(page.getByTestId('playground-mode-list')).toHaveText('列表');

  // A column label: the first column's label becomes another key.
  await replaceInEditor(page, '"label": "screens.role.name"', '"label": "screens.role.functions"');
  await expect(header('Functions')).toBeVisible();
  await expect(header('Role name')).toHaveCount(0);

  // A field's maxLength: the add form checks the new limit live.
  await replaceInEditor(page, '"minLength": 1, "maxLength": 50', '"minLength": 1, "maxLength": 5');
  await page.getByTestId('playground-mode-add').click();
  const form = page.getByTestId('playground-form');
  await expect(form).toHaveAttribute('data-mode', 'add');
  await form.locator('input[name="name"]').fill('abcdefgh');
  await expect(form).toContainText(/at most 5 characters|between 1 and 5 characters/);
  await form.locator('input[name="name"]').fill('abcde');
  await expect(form).not.toContainText(/at most 5 characters|between 1 and 5 characters/);
  await expect(problems).toHaveAttribute('data-count', '0');
  await screenshot(page, 'playground-1440-form');

  // Edit and view modes show a sample record.
  await page.getByTestId('playground-mode-view').click();
  await expect(form).toHaveAttribute('data-mode', 'view');
  await expect(form.locator('input[name="name"]')).toBeDisabled();
  await expect(form.locator('input[name="name"]')).not.toHaveValue('');

  // A misspelt keyword: the meta-schema problem, at the path to fix.
  await replaceInEditor(page, '"sortable": true, "minWidth": 160', '"sortabel": true, "minWidth": 160');
  const problem = problems.locator('[data-testid="playground-problem"][data-check="meta"]');
  await expect(problem).toHaveAttribute('data-path', 'grid.columns.0.sortabel');
  await expect(problem).toContainText('unknown property "sortabel"');
  await page.getByTestId('playground-mode-list').click();
  await expect(header('Functions')).toBeVisible();
  await screenshot(page, 'playground-1440-problem');

  // The changes against the current file (the label and the misspelling share a line), and the download.
  await page.getByTestId('playground-diff').click();
  const diff = page.getByTestId('playground-diff-dialog');
  await expect(diff.locator('[data-kind="del"]', { hasText: '"label": "screens.role.name"' })).toHaveCount(1);
  await expect(diff.locator('[data-kind="add"]', { hasText: '"label": "screens.role.functions"' })).toHaveCount(1);
  await expect(page.getByTestId('playground-diff-count')).toHaveText('+2 −2');
  await screenshot(page, 'playground-1440-diff');
  await page.getByTestId('playground-diff-close').click();
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId('playground-download').click()]);
  expect(file.suggestedFilename()).toBe('role.json');
  const text = fs.readFileSync((await file.path())!, 'utf8');
  expect(text).toContain('"label": "screens.role.functions"');
  expect(text).toContain('"minLength": 1, "maxLength": 5');

  // Nothing went to the server's list, and nothing was written.
  expect(listCalls).toEqual([]);

  // Another declaration, then back: the edits are kept until reset.
  // The Select's test id sits on its hidden native input: open it through its combobox.
  await page.getByTestId('playground-pick').locator('..').getByRole('combobox').click();
  await page.getByTestId('playground-pick-product.brand').click();
  await expect(page.getByTestId('playground-file')).toHaveText('src/schemas/product/brand.json');
  await expect(problems).toHaveAttribute('data-count', '0');

  // On a phone, the editor and the preview stack.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/playground?id=system.role');
  await expect(page.getByTestId('playground-editor').locator('.cm-content')).toBeVisible({ timeout: 90_000 });
  const editorBox = (await page.getByTestId('playground-editor').boundingBox())!;
  const previewBox = (await preview.boundingBox())!;
  expect(previewBox.y).toBeGreaterThan(editorBox.y + editorBox.height);
  expect(editorBox.width).toBeLessThanOrEqual(390);
  await screenshot(page, 'playground-390');
  await preview.scrollIntoViewIfNeeded();
  await screenshot(page, 'playground-390-preview');
});

test('staff and client users have no playground: no link, and the route goes to /home', async ({ page }) => {
  await signInAsNewUser(page, 'platform', { type: 2 });
  await expect(page.getByTestId('user-name')).toBeVisible();
  await expect(page.getByTestId('playground-link')).toHaveCount(0);
  await page.goto('/playground');
  await expect(page).toHaveURL(/\/home$/, { timeout: 60_000 });

  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  const { tenant } = await fullClient('play', { zh_TW: '遊樂場客戶', zh_CN: '游乐场客户', en: 'Playground client' });
  await signInAsNewUser(page, tenant);
  await expect(page.getByTestId('playground-link')).toHaveCount(0);
  await page.goto('/playground');
  await expect(page).toHaveURL(/\/home$/, { timeout: 60_000 });
});
