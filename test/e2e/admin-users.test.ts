import { waitInPage } from '../support/wait-in-page';
import { type BrowserContext, type Page } from 'playwright-core';
import { newUser, requestJson } from '../support/http';
import {
  chooseRowAction,
  dialog,
  expectNoSeriousA11yViolations,
  signIn,
  useAdminConsole,
} from './admin-support';

const admin = useAdminConsole();
let context: BrowserContext;

beforeAll(async () => {
  context = await admin.adminContext();
});

async function openUsers(): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${admin.product.baseUrl}/admin/UserManage`);
  await page.getByRole('heading', { name: 'Manage User' }).waitFor();
  return page;
}

describe('the admin layout and Manage User in a real browser', () => {
  it('lands an admin on User Manage inside the Admin System layout, whose menu collapses and expands', async () => {
    const page = await openUsers();
    await page.getByText('Admin System').waitFor();
    await page.getByText('Welcome Admin').waitFor();
    const menu = page.getByRole('navigation', { name: 'Admin menu' });
    const modeGroup = menu.getByRole('button', { name: 'Mode', exact: true });
    expect(await modeGroup.getAttribute('aria-expanded')).toBe('true');
    for (const family of ['TL', 'TR', 'BL', 'BR']) {
      expect(await menu.getByRole('link', { name: family, exact: true }).getAttribute('href')).toBe(
        `/admin/mode/${family.toLowerCase()}`,
      );
    }
    await modeGroup.click();
    expect(await menu.getByRole('link', { name: 'TL', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Collapse menu' }).click();
    expect(await page.locator('.admin-shell.narrow').count()).toBe(1);
    await page.getByRole('button', { name: 'Expand menu' }).click();
    expect(await page.locator('.admin-shell.narrow').count()).toBe(0);
    await expectNoSeriousA11yViolations(page);
    await page.close();
  });

  it('shows real counts on the dashboard', async () => {
    const page = await context.newPage();
    await page.goto(`${admin.product.baseUrl}/admin/dashboard`);
    const users = page.locator('.card', { hasText: 'Users' });
    await users.locator('.card-value').waitFor();
    const listed = await requestJson(admin.product.baseUrl, 'GET', '/api/admin/user/list', {
      token: admin.adminToken,
    });
    expect(await users.locator('.card-value').textContent()).toBe(String(listed.body.data.total));
    await expectNoSeriousA11yViolations(page);
    await page.close();
  });

  it('keeps the focus in Add User: on the first refused field after a submit, Tab wraps, Escape closes', async () => {
    const page = await openUsers();
    const opener = page.getByRole('button', { name: 'Add User' });
    await opener.click();
    const form = dialog(page, 'Add User');
    await form.waitFor();
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByText('The name field is required.').waitFor();
    await waitInPage(page, `document.activeElement?.getAttribute('aria-invalid') === 'true'`);
    expect(await page.evaluate('document.activeElement?.closest("[role=dialog]") !== null')).toBe(true);

    const insideAfterTabs: boolean[] = [];
    for (const key of [
      'Tab',
      'Tab',
      'Tab',
      'Tab',
      'Tab',
      'Tab',
      'Tab',
      'Tab',
      'Tab',
      'Tab',
      'Shift+Tab',
      'Shift+Tab',
    ]) {
      await page.keyboard.press(key);
      insideAfterTabs.push(await page.evaluate('document.activeElement?.closest("[role=dialog]") !== null'));
    }
    expect(insideAfterTabs.every(Boolean)).toBe(true);

    await page.keyboard.press('Escape');
    await form.waitFor({ state: 'detached' });
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Add User');
    await page.close();
  });

  it('creates a user (showing the field errors first), edits and deletes them', async () => {
    const page = await openUsers();
    const person = newUser();
    await page.getByRole('button', { name: 'Add User' }).click();
    const form = dialog(page, 'Add User');
    await form.waitFor();
    expect(await form.getAttribute('aria-modal')).toBe('true');
    expect(await page.evaluate('document.activeElement?.closest("[role=dialog]") !== null')).toBe(true);
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByText('The name field is required.').waitFor();
    expect(await form.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
    await expectNoSeriousA11yViolations(page);

    await form.getByLabel('Name').fill('Grace Hopper');
    await form.getByLabel('Email').fill(person.email);
    await form.getByLabel('Mobile').fill(person.mobile);
    await form.getByLabel('Password', { exact: true }).fill(person.password);
    await form.getByLabel('Confirm Password').fill(person.password);
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByText('User Create Successfully').waitFor();
    // The toast sits in the page's flow, between the top bar and the page: it covers nothing.
    expect(
      await page.evaluate(`(() => {
        const region = document.querySelector('.toasts:not(:empty)');
        const content = document.querySelector('.admin-content');
        return region !== null && getComputedStyle(region).position === 'static' &&
          region.getBoundingClientRect().bottom <= content.getBoundingClientRect().top;
      })()`),
    ).toBe(true);
    await form.waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: new RegExp(person.email) });
    await row.getByText('Grace Hopper').waitFor();

    await page.getByRole('button', { name: `Edit ${person.email}` }).click();
    const edit = dialog(page, 'Edit User');
    expect(await edit.getByLabel('Name').inputValue()).toBe('Grace Hopper');
    await edit.getByLabel('Name').fill('Grace Brewster Hopper');
    await edit.getByLabel('Status').selectOption('Inactive');
    await edit.getByRole('button', { name: 'Update' }).click();
    await page.getByText('User Updated successfully').waitFor();
    await row.getByText('Grace Brewster Hopper').waitFor();
    await row.getByText('Inactive').waitFor();

    await chooseRowAction(page, person.email, 'Delete');
    const confirm = dialog(page, 'Confirm Delete');
    await confirm.getByText('Are you sure you want to delete this User?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('User Delete Successfully').waitFor();
    await row.waitFor({ state: 'detached' });
    await page.close();
  });

  it('lists the admin changes in the audit log, filtered by entity', async () => {
    const page = await context.newPage();
    await page.goto(`${admin.product.baseUrl}/admin/audit`);
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.getByLabel('Entity').selectOption('user');
    await page.getByLabel('Action').selectOption('deleted');
    await page.getByRole('cell', { name: 'deleted', exact: true }).first().waitFor();
    const entities = await page.locator('tbody td:nth-child(3)').allTextContents();
    expect(entities.length).toBeGreaterThan(0);
    expect(new Set(entities)).toEqual(new Set(['user']));
    await expectNoSeriousA11yViolations(page);
    await page.close();
  });

  it('sends a regular user who opens /admin away', async () => {
    const person = newUser();
    await requestJson(admin.product.baseUrl, 'POST', '/api/signup', { body: person });
    const userContext = await admin.browser.newContext();
    const page = await userContext.newPage();
    await signIn(page, admin.product.baseUrl, person);
    await page.waitForURL('**/types/dashboard');
    await page.goto(`${admin.product.baseUrl}/admin/UserManage`);
    await page.waitForURL(`${admin.product.baseUrl}/`);
    expect(await page.getByText('Admin System').count()).toBe(0);
    await userContext.close();
  });

  it('logs out by removing only the token and going to /pro', async () => {
    const logoutContext = await admin.adminContext();
    const page = await logoutContext.newPage();
    await page.goto(`${admin.product.baseUrl}/admin/dashboard`);
    await page.getByRole('button', { name: 'Logout', exact: true }).click();
    await page.waitForURL('**/pro');
    expect(await page.evaluate(`localStorage.getItem('token')`)).toBeNull();
    await page.goto(`${admin.product.baseUrl}/admin/dashboard`);
    await page.waitForURL('**/pro');
    await logoutContext.close();
  });
});
