import type { HelpLanguage } from '@tonnage/contracts';
import { words } from './words';

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Chromium's print options of a document: A4 (landscape for flow diagrams), the page's own margins, a footer with the title and page numbers. */
export function printOptions(landscape: boolean, language: HelpLanguage, title: string) {
  const rtl = language === 'ar';
  const font = rtl ? "'Noto Sans Arabic', 'Noto Sans', sans-serif" : "'Noto Sans', sans-serif";
  const pages = `${words.page[language]} <span class="pageNumber"></span> ${words.of[language]} <span class="totalPages"></span>`;
  return {
    format: 'A4' as const,
    landscape,
    printBackground: true,
    preferCSSPageSize: true,
    displayHeaderFooter: true,
    headerTemplate: '<span></span>',
    footerTemplate: `<div dir="${rtl ? 'rtl' : 'ltr'}" style="width:100%;margin:0 13mm;display:flex;justify-content:space-between;font-family:${font};font-size:7.5pt;color:#6b7785;"><span>${escape(words.product[language])} · ${escape(title)}</span><span>${pages}</span></div>`,
    margin: { top: '14mm', bottom: '16mm', left: '13mm', right: '13mm' },
  };
}
