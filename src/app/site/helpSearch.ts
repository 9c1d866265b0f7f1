import { HELP_ARTICLES, type HelpArticle } from './helpArticles';

/** Pages the search may also point to besides the articles. */
const EXTRA_TARGETS = [
  {
    path: '/help/privacy-policy',
    title: 'Kebijakan Privasi',
    summary:
      'Data yang kami kumpulkan, penggunaannya, hak Anda: akses, koreksi, penghapusan dan portabilitas data, cookie.',
  },
  {
    path: '/help/chat',
    title: 'Hubungi Kami',
    summary: 'Kontak tim support: email, telepon, live chat dan jam layanan.',
  },
];

/** Words that carry no subject in a question ("bagaimana cara saya …"): dropped unless nothing else is left. */
const FILLER = new Set(
  'apa apakah bagaimana gimana cara caranya saya aku kami kita yang di ke dari untuk dengan dan atau mau ingin bisa kok jika kalau bila tolong mohon'.split(
    ' ',
  ),
);

/** `kontraknya` → `kontrak`: the enclitics people add; the stem is then found inside longer words. */
const stem = (word: string) => (word.length > 5 ? word.replace(/(nya|lah|kah|ku|mu)$/, '') : word);

const articleText = (a: HelpArticle) =>
  [
    a.title,
    a.summary,
    ...(a.keywords ?? []),
    ...a.sections.flatMap((s) => [s.heading, ...(s.paragraphs ?? []), ...(s.items ?? [])]),
  ].join(' ');

export interface SearchHit {
  path: string;
  title: string;
  summary: string;
}

/** What the search reads, lowercased once. */
const SEARCH_INDEX = [
  ...HELP_ARTICLES.map((a) => ({
    path: `/help/${a.slug}`,
    title: a.title,
    summary: a.summary,
    text: articleText(a),
    keywords: a.keywords ?? [],
  })),
  ...EXTRA_TARGETS.map((t) => ({ ...t, text: `${t.title} ${t.summary}`, keywords: [] })),
].map(({ text, keywords, ...hit }) => ({
  hit,
  text: text.toLocaleLowerCase('id'),
  title: hit.title.toLocaleLowerCase('id'),
  keywords,
}));

/**
 * Every word of the query that says what it is about must occur in an article (its title, text or keywords,
 * case-insensitive, inside longer words too: `kirim` finds "pengiriman"); an article ranks by how many of the
 * words its title holds, then by how many are among its keywords.
 */
export function searchHelp(query: string): SearchHit[] {
  const all = query
    .toLocaleLowerCase('id')
    .split(/[\s,.?!]+/)
    .filter(Boolean);
  const subject = all.filter((w) => !FILLER.has(w));
  const words = (subject.length > 0 ? subject : all).map(stem);
  if (words.length === 0) return [];
  const score = ({ title, keywords }: (typeof SEARCH_INDEX)[number]) =>
    words.reduce(
      (sum, w) =>
        sum + (title.includes(w) ? 2 : 0) + (keywords.some((k) => k.includes(w) || w.includes(k)) ? 1 : 0),
      0,
    );
  return SEARCH_INDEX.filter(({ text }) => words.every((w) => text.includes(w)))
    .map((entry) => ({ entry, score: score(entry) }))
    .sort((a, b) => b.score - a.score)
    .map(({ entry }) => entry.hit);
}
