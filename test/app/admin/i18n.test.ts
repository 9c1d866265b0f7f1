import englishMessages from 'ra-language-english';
import { describe, expect, it } from 'vitest';
import { i18nProvider, indonesianMessages } from '../../../src/app/admin/i18n/i18nProvider';
import { raIndonesian } from '../../../src/app/admin/i18n/raIndonesian';
import { resources } from '../../../src/app/admin/resources';

const keysOf = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
    : [prefix];

describe('Indonesian catalogue', () => {
  it("has exactly react-admin's English keys", () => {
    expect(keysOf(raIndonesian).sort()).toEqual(keysOf(englishMessages).sort());
  });

  it('translates every react-admin message (no English leftovers among the long ones)', () => {
    const english = new Map(keysOf(englishMessages).map((key) => [key, key]));
    const lookup = (messages: object, key: string) =>
      key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages);
    const untranslated = [...english.keys()].filter((key) => {
      const text = String(lookup(englishMessages, key));
      return text.split(' ').length > 3 && text === lookup(raIndonesian, key);
    });
    expect(untranslated).toEqual([]);
  });

  it("keeps the panel's texts beside react-admin's", () => {
    expect(indonesianMessages.ra.action.save).toBe('Simpan');
    expect(indonesianMessages.tm.verification.updating).toBe('Updating...');
    expect(indonesianMessages.resources.lahan).toBeDefined();
  });

  it("holds each registered resource's texts under its name, none hidden by a block of the panel's own", () => {
    const tm: Record<string, unknown> = indonesianMessages.tm;
    for (const { name, messages } of resources.filter((resource) => resource.messages)) {
      expect(indonesianMessages.resources[name]).toBe(messages?.resource);
      expect(tm[name]).toBe(messages?.tm);
    }
  });

  it('counts selected rows right: Indonesian has one plural form, so it carries the number', () => {
    expect(i18nProvider.translate('ra.action.bulk_actions', { smart_count: 2 })).toBe('2 item dipilih');
    expect(i18nProvider.translate('ra.message.bulk_delete_title', { smart_count: 3, name: 'user' })).toBe(
      'Hapus 3 user',
    );
  });
});
