import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@dihs/contract/common/messages';
import { HttpError } from './http-error.ts';
import { normaliseText, wellFormedText } from './well-formed-text.ts';

const decomposed = 'Cafe\u0301 Mu\u0308ller';
const composed = 'Café Müller';

describe('normaliseText', () => {
  it('normalises a string, and strings at any depth, to NFC in place', () => {
    expect(normaliseText(decomposed)).toEqual({ value: composed });
    const body = { titel: decomposed, liste: [decomposed, 3, null, { tief: [decomposed] }], zahl: 1, ja: true };
    const result = normaliseText(body);
    expect(result).toEqual({
      value: { titel: composed, liste: [composed, 3, null, { tief: [composed] }], zahl: 1, ja: true },
    });
    expect('value' in result && result.value).toBe(body);
  });

  it('keeps complete surrogate pairs (emoji) and text already in NFC', () => {
    expect(normaliseText('Danke 😀 – Grüße')).toEqual({ value: 'Danke 😀 – Grüße' });
  });

  it('names the first field with a lone surrogate, high or low, by its path', () => {
    expect(normaliseText('a\uD800')).toEqual({ illFormedAt: '' });
    expect(normaliseText({ titel: 'x\uDC00' })).toEqual({ illFormedAt: 'titel' });
    expect(normaliseText([{ id: 1 }, { text: ['ok', '\uD83D'] }])).toEqual({ illFormedAt: '1.text.1' });
    expect(normaliseText({ a: { b: 'ok' }, c: { d: { e: '\uD800x' } } })).toEqual({ illFormedAt: 'c.d.e' });
  });

  it('checks object keys but does not rewrite them', () => {
    expect(normaliseText({ params: { 'a\uD800': 'x' } })).toEqual({ illFormedAt: 'params.a\uD800' });
    expect(normaliseText({ ['e\u0301']: decomposed })).toEqual({ value: { ['e\u0301']: composed } });
  });

  it('leaves Buffers, numbers, null and undefined alone', () => {
    const raw = Buffer.from('{"a":"\\ud800"}');
    expect(normaliseText(raw)).toEqual({ value: raw });
    expect(normaliseText(undefined)).toEqual({ value: undefined });
    expect(normaliseText(null)).toEqual({ value: null });
    expect(normaliseText(7)).toEqual({ value: 7 });
  });

  it('walks nesting deeper than the call stack without overflowing', () => {
    let deep: unknown = '\uD800';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    const result = normaliseText(deep);
    expect('illFormedAt' in result && result.illFormedAt.split('.').length).toBe(200_000);
  });

  it('takes objects without a prototype (parsed query strings)', () => {
    const query = Object.assign(Object.create(null) as Record<string, unknown>, { suche: decomposed });
    expect(normaliseText(query)).toEqual({ value: query });
    expect(query.suche).toBe(composed);
  });
});

describe('wellFormedText', () => {
  it('refuses with a German 400 that names the field', () => {
    const refusal = (() => {
      try {
        wellFormedText({ termin: { befund: 'x\uD800' } });
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ statusCode: 400, message: `termin.befund: ${MESSAGES.textNichtWohlgeformt}` });
    expect(() => wellFormedText('\uDFFF')).toThrow(MESSAGES.textNichtWohlgeformt);
  });
});
