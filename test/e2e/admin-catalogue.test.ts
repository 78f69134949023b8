import { type BrowserContext, type Page } from 'playwright-core';
import { chooseRowAction, dialog, expectNoSeriousA11yViolations, useAdminConsole } from './admin-support';

const admin = useAdminConsole();
let context: BrowserContext;

beforeAll(async () => {
  context = await admin.adminContext();
});

async function open(path: string, heading: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${admin.product.baseUrl}${path}`);
  await page.getByRole('heading', { name: heading }).waitFor();
  return page;
}

async function addModule(page: Page, name: string) {
  await page.getByRole('button', { name: 'Add Module' }).click();
  const form = dialog(page, 'Add Module');
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Create' }).click();
  await page.getByText('Create Module Successfully').first().waitFor();
  await form.waitFor({ state: 'detached' });
}

describe('the admin catalogue screens in a real browser', () => {
  it('manages modules: empty text, create with its error, edit, delete', async () => {
    const page = await open('/admin/module', 'Manage Modules');
    await page.getByText('No modules found.').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Add Module' }).click();
    const form = dialog(page, 'Add Module');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.locator('.field-error').first().waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();

    await addModule(page, 'Portrait');
    await page.getByRole('button', { name: 'Edit Portrait' }).click();
    const edit = dialog(page, 'Edit Module');
    await edit.getByLabel('Name').fill('Portraiture');
    await edit.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Updated Module successfully').waitFor();
    await page.getByRole('cell', { name: 'Portraiture', exact: true }).waitFor();

    await chooseRowAction(page, 'Portraiture', 'Delete');
    await dialog(page, 'Confirm Delete').getByText('Are you sure you want to delete this module?').waitFor();
    await dialog(page, 'Confirm Delete').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Module Delete Successfully').waitFor();
    await page.getByText('No modules found.').waitFor();
    await page.close();
  });

  it('manages modes with several modules and mode types, with the spec messages', async () => {
    const modules = await open('/admin/module', 'Manage Modules');
    await addModule(modules, 'Creative');
    await addModule(modules, 'Place');
    await modules.close();

    const page = await open('/admin/mode', 'Manage Mode');
    await page.getByText('No Mode found.').waitFor();
    await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: 'Add Mode' }).click();
    const form = dialog(page, 'Add Mode');
    await form.getByRole('button', { name: 'Create' }).click();
    await form.getByText('Name is required').waitFor();
    await form.getByText('Please select at least one module').waitFor();
    await expectNoSeriousA11yViolations(page);
    await form.getByLabel('Name').fill('Power');
    await form.getByLabel('Creative').check();
    await form.getByLabel('Place').check();
    await form.getByRole('button', { name: 'Create' }).click();
    await page.getByText('Modes Added Successfully').waitFor();
    await page.getByRole('cell', { name: 'Creative, Place', exact: true }).waitFor();

    await page.getByRole('button', { name: 'Edit Power' }).click();
    const edit = dialog(page, 'Edit Mode');
    expect(await edit.getByLabel('Place').isChecked()).toBe(true);
    await edit.getByLabel('Name').fill('Reach');
    await edit.getByLabel('Place').uncheck();
    await edit.getByRole('button', { name: 'Update' }).click();
    await page.getByText('Updated Mode successfully').waitFor();
    await page.getByRole('cell', { name: 'Reach', exact: true }).waitFor();
    await page.close();

    const types = await open('/admin/modetype', 'Manage Mode Type');
    await types.getByText('No Mode Type found.').waitFor();
    await types.getByRole('button', { name: 'Add Mode Type' }).click();
    const typeForm = dialog(types, 'Add Mode Type');
    await typeForm.getByRole('button', { name: 'Create' }).click();
    await typeForm.getByText('TL Mode is Required').waitFor();
    await typeForm.getByText('TR Mode is Required').waitFor();
    await typeForm.getByText('Parent Module Category is Required').waitFor();
    await expectNoSeriousA11yViolations(types);
    await typeForm.getByLabel('TL Mode').fill('Landscape');
    await typeForm.getByLabel('TR Mode').fill('Studio');
    await typeForm.getByLabel('Mode', { exact: true }).selectOption({ label: 'Reach' });
    await typeForm.getByRole('button', { name: 'Create' }).click();
    await types.getByText('Added Mode Type  Successfully').waitFor();
    await types.getByRole('cell', { name: 'Landscape', exact: true }).waitFor();

    await types.getByRole('button', { name: 'Edit Landscape Studio' }).click();
    const typeEdit = dialog(types, 'Edit Mode Type');
    await typeEdit.getByLabel('TR Mode').fill('Street');
    await typeEdit.getByRole('button', { name: 'Update' }).click();
    await types.getByText('Updated Mode Type Successfully').waitFor();
    await types.getByRole('cell', { name: 'Street', exact: true }).waitFor();

    await chooseRowAction(types, 'Landscape Street', 'Delete');
    const confirm = dialog(types, 'Confirm Delete');
    await confirm.getByText('Are you sure you want to delete this module?').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await types.getByText('Delete Mode Type  Successfully').waitFor();
    await types.getByText('No Mode Type found.').waitFor();
    await types.close();

    const modes = await open('/admin/mode', 'Manage Mode');
    await chooseRowAction(modes, 'Reach', 'Delete');
    await dialog(modes, 'Confirm Delete').getByRole('button', { name: 'Delete' }).click();
    await modes.getByText('Mode Delete Successfully').waitFor();
    await modes.getByText('No Mode found.').waitFor();
    await modes.close();
  });
});
