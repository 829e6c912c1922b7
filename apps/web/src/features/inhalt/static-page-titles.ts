import type { StaticPageUrl } from '@dihs/contract/common/routes';

/** Titles of the static content pages while their content loads (the loaded page brings its own title). */
export const STATIC_PAGE_TITLES: Record<StaticPageUrl, string> = {
  agb: 'AGB',
  faq: 'FAQ',
  impressum: 'Impressum',
  datenschutz: 'Datenschutz',
  kontakt: 'Kontakt',
  neuigkeiten: 'Neuigkeiten',
  einverstaendnis_videotherapie: 'Einverständnis Videotherapie',
  nutzungsbestimmungen: 'Nutzungsbestimmungen',
  sturz: 'Sturz',
};
