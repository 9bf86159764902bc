// Who is who, as the rulings (rules.ts, variants.ts) name them: "you" for
// a seat this browser holds alone, the player's name otherwise, as the
// player wrote it (never capitalised: "anna" stays "anna").
import { t } from "./i18n";

export interface Names {
  seat(seat: number): string;  // "you", "Computer (club)", "anna"
  side(side: number): string;  // the players of a side
  you(seat: number): boolean;
}

// lead is a name at the start of a sentence: "You", or the name untouched.
export const lead = (name: string) => name === "you" ? "You" : name;

// mid is a name within a sentence: "you", or the name untouched.
export const mid = (name: string) => name === "You" ? "you" : name;

// sentence joins a ruling's parts into one sentence: a capital first,
// unless it opens with a player's name (opener), which stays as written.
export function sentence(parts: string[], opener: string): string {
  const s = parts.filter(Boolean).join(" — ");
  const stop = t("sentence.end");
  if (opener && s.startsWith(opener)) return `${lead(opener)}${s.slice(opener.length)}${stop}`;
  return `${s.charAt(0).toUpperCase()}${s.slice(1)}${stop}`;
}

// and joins words as a list: "a, b and c".
export function and(parts: string[]): string {
  if (parts.length < 2) return parts[0] ?? "";
  return t("list.and", { A: parts.slice(0, -1).join(t("list.comma")), B: parts[parts.length - 1] });
}

const LEVELS: Record<string, string> = { beginner: "level.beginner", casual: "level.casual", club: "level.club", expert: "level.expert" };

// levelName is a computer's level in the page's language: the server names
// it by its code (beginner, casual, club, expert).
export const levelName = (code: string) => LEVELS[code] ? t(LEVELS[code]) : code;

// nickName is a seat's name as the page writes it: the server calls a
// player who wrote no name "Player N", which the page writes in its language.
export function nickName(nick: string): string {
  const m = /^Player (\d+)$/.exec(nick);
  return m ? t("seat.default", { N: Number(m[1]) }) : nick;
}
