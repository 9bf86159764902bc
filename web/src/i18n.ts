// The page's words in the reader's language. The server chooses the
// language (the cookie the header's menu sets, else the browser's
// Accept-Language) and sends its catalogue, the same go-i18n file the
// server reads (internal/i18n/locales): a message is a string, or an
// object with a translator's description and its CLDR plural forms;
// placeholders are written {{.Name}}. The page keeps no copy of the words.
// See docs/i18n.md.
import { api, me } from "./api";

// A catalogue's message: its text, or its plural forms.
type Message = string | { description?: string; zero?: string; one?: string; two?: string; few?: string; many?: string; other?: string };

// Language is what GET /api/i18n answers: the chosen language, its
// direction, the rule book whose numbers it cites beside our rule IDs, the
// languages the menu offers, every rule's citations, and the catalogue.
interface Language {
  lang: string;
  dir: "ltr" | "rtl";
  book: string;
  languages: { tag: string; name: string }[];
  laws: Record<string, Record<string, string[]>>;
  messages: Record<string, Message>;
}

let current: Language = { lang: "en", dir: "ltr", book: "E", languages: [], laws: {}, messages: {} };

// loadLanguage asks the server for the reader's language and its words,
// and sets the page's lang and dir (only the page around the board
// mirrors: the board's canvas keeps its own direction).
export async function loadLanguage(): Promise<void> {
  try {
    current = await api<Language>("GET", "/api/i18n");
  } catch {
    // No answer: the keys themselves are shown, and the page still works.
  }
  document.documentElement.lang = current.lang;
  document.documentElement.dir = current.dir;
}

// lang is the page's language tag ("fr", "ur", "en-XA").
export const lang = () => current.lang;

// t is the message key in the page's language, with data put in its
// placeholders; a message with plural forms takes the form of data.Count
// by the language's CLDR rules.
export function t(key: string, data: Record<string, string | number> = {}): string {
  const m = current.messages[key];
  let text: string;
  if (m === undefined) text = key;
  else if (typeof m === "string") text = m;
  else {
    const form = typeof data.Count === "number" ? new Intl.PluralRules(current.lang).select(data.Count) : "other";
    text = m[form] ?? m.other ?? key;
  }
  return text.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (_, name: string) => String(data[name] ?? ""));
}

// expand lists the rule IDs a span names: "B-1…B-3, PL-1" is B-1, B-2,
// B-3, PL-1.
export function expand(span: string): string[] {
  const out: string[] = [];
  for (const part of span.split(",").map((s) => s.trim()).filter(Boolean)) {
    const m = part.match(/^([A-Z]+)-(\d+)…[A-Z]+-(\d+)$/);
    if (!m) { out.push(part); continue; }
    for (let i = Number(m[2]); i <= Number(m[3]); i++) out.push(`${m[1]}-${i}`);
  }
  return out;
}

// cite is where the rules ids come from in the page's language's rule
// book, in the book's own numbering: "F 3.11, 3.12" in French, "I 51–54"
// in Italian, the ICF laws' headings in English; "" when the book has
// none of them.
export function cite(ids: string[]): string {
  const b = current.book;
  const arts = ids.flatMap((id) => current.laws[id]?.[b] ?? []);
  if (!arts.length) return "";
  if (b === "E") return `${t("laws.icf")} ${[...new Set(arts)].join(" · ")}`;
  if (b === "F" && ids.length > 1) {
    // A section cites the articles, without their paragraphs' letters.
    const seen = [...new Set(arts.map((a) => a.replace(/ [a-z](–[a-z])?$/, "")))];
    return `F ${seen.sort(byNumber).join(", ")}`;
  }
  if (b === "I" || b === "P") {
    // Numbers and their ranges, joined into the fewest ranges.
    const nums = new Set<number>(), words: string[] = [];
    for (const a of arts) {
      const r = a.match(/^(\d+)(?:–(\d+))?$/);
      if (!r) { words.push(a); continue; }
      for (let i = Number(r[1]); i <= Number(r[2] ?? r[1]); i++) nums.add(i);
    }
    const sorted = [...nums].sort((x, y) => x - y), runs: string[] = [];
    for (let i = 0; i < sorted.length;) {
      let j = i;
      while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
      runs.push(j > i ? `${sorted[i]}–${sorted[j]}` : String(sorted[i]));
      i = j + 1;
    }
    return `${b} ${[...new Set(words), ...runs].join(", ")}`;
  }
  return `${b} ${[...new Set(arts)].join(", ")}`;
}

// byNumber orders "3.11" after "3.7", as articles are numbered.
function byNumber(a: string, b: string): number {
  const x = a.split(/[. ]/), y = b.split(/[. ]/);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (Number(x[i]) || 0) - (Number(y[i]) || 0);
    if (d) return d;
  }
  return 0;
}

// languageMenu is the header's menu of languages, each in its own name; a
// choice is remembered in a cookie for a year, and by a signed-in player's
// account for any browser he signs in on; the page is shown again in it,
// at the same address.
export function languageMenu(): HTMLSelectElement {
  const select = document.createElement("select");
  select.id = "lang";
  select.setAttribute("aria-label", t("header.language"));
  for (const l of current.languages) {
    const o = document.createElement("option");
    o.value = l.tag;
    o.textContent = l.name;
    o.lang = l.tag;
    o.selected = l.tag === current.lang;
    select.append(o);
  }
  select.addEventListener("change", () => {
    document.cookie = `lang=${encodeURIComponent(select.value)}; path=/; max-age=31536000; samesite=lax`;
    // The account's setting is kept as well as it can be: the cookie has
    // the choice on this browser whatever the answer.
    void me().then((m) => m.signed_in ? api("POST", "/api/account/lang", { lang: select.value }) : undefined)
      .catch(() => undefined).finally(() => location.reload());
  });
  return select;
}
