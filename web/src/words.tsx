// Words at the table: a seated player's row of quick phrases, the
// phrases heard shown for a moment beside the sayer's name, and his
// choice to let the spectators hear his (docs/protocol.md, "say").
import { signal } from "@preact/signals";
import { PHRASES, type ClientMsg, type Phrase, type SaidMsg } from "./protocol";

export const PHRASE_TEXT: Record<Phrase, string> = {
  "hello": "Hello", "good-shot": "Good shot", "well-played": "Well played", "thanks": "Thanks",
  "sorry": "Sorry", "good-luck": "Good luck", "oops": "Oops", "rematch?": "Rematch?",
};

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
    this.said.value = { ...this.said.peek(), [m.seat]: PHRASE_TEXT[m.phrase] ?? m.phrase };
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
        onClick={() => send({ type: "say", phrase: p, spectators: words.allow.value })}>{PHRASE_TEXT[p]}</button>)}
      <label>
        <input type="checkbox" id="words-spectators" checked={words.allow.value} onChange={(e) => words.setAllow(e.currentTarget.checked)} />
        {" Let spectators see my words"}
      </label>
    </div>
  );
}
