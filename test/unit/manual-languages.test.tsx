import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../../frontend/src/lib/api';
import { SessionProvider } from '../../frontend/src/lib/session';
import { MANUAL_AREAS, MANUAL_INDEX, SHOTS } from '../../frontend/src/manual/manual-content';
import { MANUAL_AREAS_EN } from '../../frontend/src/manual/manual-content-en';
import { manualFor } from '../../frontend/src/manual/manual-language';
import ManualPages from '../../frontend/src/manual/manual-page';

/**
 * Issue 31: the English operation manual has the Japanese manual's structure (areas, sections and
 * their anchors, screenshots, as many steps and tips), every screenshot it names exists, and the
 * manual page shows the manual of the language it is given, Japanese by default.
 */
const SCREENSHOTS = fileURLToPath(new URL('../../frontend/src/manual/screenshots/', import.meta.url));
const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

/** The structure of a manual without its words. */
const shape = (areas: typeof MANUAL_AREAS) =>
  areas.map((area) => ({
    slug: area.slug,
    sections: area.sections.map((s) => ({
      id: s.id,
      shot: s.shot,
      steps: s.steps.length,
      tips: s.tips?.length ?? 0,
    })),
  }));

/** A signed-out reader: the session request never answers, so no "back to the app" link. */
const signedOut = { get: () => new Promise(() => {}), onUnauthorized: () => () => {} } as unknown as ApiClient;

function render(lang: string | undefined, slug?: 'employee' | 'admin' | 'operator') {
  return renderToString(
    <MemoryRouter>
      <SessionProvider client={signedOut}>
        <ManualPages slug={slug} {...(lang ? { lang } : {})} />
      </SessionProvider>
    </MemoryRouter>,
  );
}

describe('the English operation manual', () => {
  it('has the same areas, sections, anchors, screenshots and number of steps and tips as the Japanese one', () => {
    expect(shape(MANUAL_AREAS_EN)).toEqual(shape(MANUAL_AREAS));
  });

  it('names only screenshots that exist', () => {
    for (const areas of [MANUAL_AREAS, MANUAL_AREAS_EN]) {
      for (const section of areas.flatMap((a) => a.sections)) {
        expect(SHOTS[section.shot], section.shot).toBeDefined();
        expect(existsSync(`${SCREENSHOTS}${section.shot}.webp`), `${section.shot}.webp`).toBe(true);
      }
    }
  });

  it('is written in English throughout', () => {
    const index = manualFor('en').index;
    const texts = [
      ...Object.values(index),
      ...MANUAL_AREAS_EN.flatMap((a) => [
        a.title,
        a.audience,
        a.lead,
        ...a.sections.flatMap((s) => [s.title, s.alt, s.where, ...s.steps, ...(s.tips ?? [])]),
      ]),
    ];
    expect(texts.filter((text) => JAPANESE.test(text))).toEqual([]);
    expect(texts.filter((text) => /[A-Za-z]'[A-Za-z]/.test(text))).toEqual([]);
  });

  it('is chosen by language, with Japanese for a language that has no manual of its own', () => {
    expect(manualFor('en').areas).toBe(MANUAL_AREAS_EN);
    expect(manualFor('ja').areas).toBe(MANUAL_AREAS);
    expect(manualFor('vi').areas).toBe(MANUAL_AREAS);
    expect(manualFor('toString').areas).toBe(MANUAL_AREAS);
  });

  it('is what the manual page shows in English, and the page stays Japanese by default', () => {
    const en = render('en', 'admin');
    expect(en).toContain('Manual for administrators');
    expect(en).toContain('Period closing');
    expect(en).toContain('lang="en"');
    expect(en).not.toContain('管理者向け操作マニュアル');

    const ja = render(undefined, 'admin');
    expect(ja).toContain('管理者向け操作マニュアル');
    expect(ja).toContain('lang="ja"');
    expect(ja).not.toContain('Manual for administrators');

    const index = render('en');
    expect(index).toContain('Operation manual');
    expect(index).toContain('Manual for staff');
    expect(render(undefined)).toContain(MANUAL_INDEX.title);
  });
});
