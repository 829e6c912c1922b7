import type { Locator } from '@playwright/test';

/**
 * Types a German date ("TT.MM.JJJJ") or time ("HH:MM") into an MUI X picker field: its first section is clicked and
 * the digits are typed, the field moving on section by section as a person typing would.
 */
export async function typeInPicker(field: Locator, text: string): Promise<void> {
  await field.getByRole('spinbutton').first().click();
  await field.page().keyboard.type(text.replace(/\D/g, ''));
}

/** The text a picker field holds (its hidden input). */
export const pickerInput = (field: Locator): Locator => field.locator('input');
