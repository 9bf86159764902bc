// Words at the table: a seated player's row of quick phrases, the
// phrases heard shown for a moment beside the sayer's name, and his
// choice to let the spectators hear his (docs/protocol.md, "say").
import { signal } from "@preact/signals";
import { PHRASES, type ClientMsg, type Phrase, type SaidMsg } from "./protocol";
import { t } from "./i18n";

// The phrases' keys in the catalogues, by their names on the wire.
const PHRASE_KEY: Record<Phrase, string> = {
  "hello": "table.phrase.hello", "good-shot": "table.phrase.good-shot", "well-played": "table.phrase.well-played", "thanks": "table.phrase.thanks",
  "sorry": "table.phrase.sorry", "good-luck": "table.phrase.good-luck", "oops": "table.phrase.oops", "rematch?": "table.phrase.rematch?",
};
export const phraseText = (p: Phrase): string => PHRASE_KEY[p] ? t(PHRASE_KEY[p]) : p;

// How long a phrase heard stays beside its sayer's name, ms.
const SHOWN = 5000;
const ALLOW_KEY = "carrom-words-spectators";

export class Words {
  // said: the phrase each seat said last, while it is shown.
  readonly said = signal<Record<number, string>>({});
  readonly allow = signal(localStorage.getItem(ALLOW_KEY) === "yes");
  private timers: Record<number, number> = {};

  hear(m: SaidMsg): void {
    clearTimeout(this.timers[m.seat]);
    this.said.value = { ...this.said.peek(), [m.seat]: phraseText(m.phrase) };
    this.timers[m.seat] = window.setTimeout(() => {
      const rest = { ...this.said.peek() };
      delete rest[m.seat];
      this.said.value = rest;
    }, SHOWN);
  }

  setAllow(on: boolean): void {
    this.allow.value = on;
    localStorage.setItem(ALLOW_KEY, on ? "yes" : "no");
  }
}

// WordsRow is the phrases a seated player may say, and his toggle.
export function WordsRow({ words, seated, send }: { words: Words; seated: boolean; send: (m: ClientMsg) => void }) {
  if (!seated) return null;
  return (
    <div class="words" id="words">
      {PHRASES.map((p) => <button type="button" class="secondary" data-phrase={p}
        onClick={() => send({ type: "say", phrase: p, spectators: words.allow.value })}>{phraseText(p)}</button>)}
      <label>
        <input type="checkbox" id="words-spectators" checked={words.allow.value} onChange={(e) => words.setAllow(e.currentTarget.checked)} />
        {" " + t("table.wordsSpectators")}
      </label>
    </div>
  );
}
