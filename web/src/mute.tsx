// The sound toggle in the page's header: a speaker with sound waves or
// struck through, its word (left out on a phone, where the header has no
// room for it), and aria-pressed for "mute" pressed.
import { signal } from "@preact/signals";
import type { Sound } from "./sound";
import { t } from "./i18n";

const muted = signal<boolean | null>(null);

export function toggleMute(sound: Sound): void {
  muted.value = sound.toggle();
}

export function MuteButton({ sound }: { sound: Sound }) {
  const m = muted.value ?? sound.muted;
  return (
    <button id="mute" type="button" aria-label={t("header.mute")} aria-pressed={m} onClick={() => toggleMute(sound)}
      title={m ? t("header.soundOff.title") : t("header.soundOn.title")}>
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" class="icon" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round">
        <path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor" />
        <path d={m ? "M16 9l6 6M22 9l-6 6" : "M16 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13"} />
      </svg>
      <span class="word">{" " + (m ? t("header.soundOff") : t("header.soundOn"))}</span>
    </button>
  );
}
