import { expect, type ElementHandle, type Locator, type Page } from '@playwright/test';

/**
 * Keyboard-only driving for the keyboard test (issue 32 item 13): every key goes through `press`, which then
 * checks that the focus is still on an element (not lost to the page body) and that the element shows where it is.
 */

/** Where the focus is and whether it shows. */
export interface FocusState {
  /** The focus is on the page body (or nowhere): a keyboard user starts again at the top. */
  lost: boolean;
  /** The focused element draws an indicator (see `focusState`). */
  visible: boolean;
  /** The focused element, for failure messages: tag, role, name, classes. */
  what: string;
  /** The focus is on the target given, or inside it. */
  onTarget: boolean;
}

/**
 * The focus as the page has it. Visible means what the app's theme draws (apps/web/src/app/theme.ts turns on MUI's
 * focus ring, a 2 px outline on `.Mui-focusVisible`): an outline on the element, or on the MUI control around it
 * (a checkbox's or radio's icon, a slider's thumb); a text field or select draws its focused frame (the notched
 * outline 2 px wide, or the underline grown); the browser's own ring (`outline: auto`) counts too.
 */
export function focusState(page: Page, target?: ElementHandle): Promise<FocusState> {
  return page.evaluate((target) => {
    const el = document.activeElement;
    if (!el || el === document.body || el === document.documentElement) {
      return { lost: true, visible: false, what: 'body', onTarget: false };
    }
    const onTarget = Boolean(target && (target === el || target.contains(el)));
    const px = (value: string) => parseFloat(value) || 0;
    const transparent = (colour: string) => colour === 'transparent' || /rgba\(.*,\s*0\)$/.test(colour);
    const outlined = (node: Element) => {
      const style = getComputedStyle(node);
      return style.outlineStyle !== 'none' && px(style.outlineWidth) > 0 && !transparent(style.outlineColor);
    };
    // the element itself and up to three ancestors within its MUI control (ButtonBase's root holds the input)
    const candidates: Element[] = [];
    for (let node: Element | null = el, depth = 0; node && depth < 4; node = node.parentElement, depth++) {
      candidates.push(node);
      if (node !== el && /Mui-focusVisible|Mui-focused/.test(node.className.toString())) break;
    }
    let visible = candidates.some(outlined);
    // a checkbox or radio draws the ring around its icon
    if (!visible) {
      const control = el.closest('.Mui-focusVisible');
      visible = Boolean(control && [...control.querySelectorAll('svg')].some(outlined));
    }
    // a focused text field or select: the frame 2 px wide or the underline grown to full width
    if (!visible) {
      const field = el.closest('.Mui-focused');
      if (field) {
        const frame = field.querySelector('[class*="notchedOutline"]');
        const after = getComputedStyle(field, '::after');
        visible =
          (frame !== null && px(getComputedStyle(frame).borderTopWidth) >= 2) ||
          (after.content !== 'none' && px(after.borderBottomWidth) >= 2 && !/matrix\(0/.test(after.transform));
      }
    }
    const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 60);
    const role = el.getAttribute('role') ?? '';
    const what = `<${el.tagName.toLowerCase()}${role ? ` role=${role}` : ''}> „${name}“ .${el.className
      .toString()
      .split(/\s+/)
      .filter((c) => c && !c.startsWith('css-'))
      .join('.')}`;
    return { lost: false, visible, what, onTarget };
  }, target);
}

/**
 * The focus is on an element that shows it (waits for a focus moved by the app, e.g. a dialog's return); the state
 * found, with whether it is on `target`.
 */
export async function expectFocusVisible(
  page: Page,
  after = 'dem letzten Schritt',
  target?: ElementHandle,
): Promise<FocusState> {
  let last: FocusState | undefined;
  await expect
    .poll(
      async () => {
        last = await focusState(page, target);
        return !last.lost && last.visible;
      },
      { message: `Fokus nach ${after}` },
    )
    .toBe(true)
    .catch((error: unknown) => {
      throw new Error(
        `${last?.lost ? 'Fokus verloren (body)' : `Fokus unsichtbar auf ${last?.what}`} nach ${after}\n${String(error)}`,
      );
    });
  return last!;
}

/** One key (Playwright's names: 'Tab', 'Shift+Tab', 'Enter', ' ', 'ArrowDown', 'Escape'); then the focus check. */
export async function press(page: Page, key: string, target?: ElementHandle): Promise<FocusState> {
  await page.keyboard.press(key);
  return expectFocusVisible(page, `Taste ${key}`, target);
}

/** Types text into the focused field, then the focus check. */
export async function type(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
  await expectFocusVisible(page, `Eingabe „${text}“`);
}

/**
 * Presses Tab (or Shift+Tab with `back`) until the target has the focus (it, or an element inside it: a radio of a
 * group), checking the focus after every key; fails after `max` keys: the target is not reachable from here in that
 * direction. The target is looked up once: on a long form, resolving a role locator after every key was the slow part.
 */
export async function tabTo(page: Page, target: Locator, { max = 40, back = false } = {}): Promise<void> {
  const element = await target.elementHandle();
  const key = back ? 'Shift+Tab' : 'Tab';
  try {
    // one round trip per key: the focus check answers whether the target has it
    let state = await focusState(page, element);
    for (let presses = 0; !state.onTarget; presses++) {
      if (presses === max)
        throw new Error(`${target.toString()} nach ${max}× ${key} nicht erreicht, Fokus auf ${state.what}`);
      state = await press(page, key, element);
    }
  } finally {
    await element.dispose();
  }
}

/** Tabs to the target and presses a key on it (Enter for buttons and links, Space for checkboxes). */
export async function activate(page: Page, target: Locator, key = 'Enter', options?: { max?: number; back?: boolean }) {
  await tabTo(page, target, options);
  await press(page, key);
}
