// The first stroke, over the board: a short animation of the three moves
// (slide the striker along the base line, pull back away from it, let
// go) and the keys for keyboard players. It comes by itself once per
// browser, at the first stroke of a game begun with Play now, and again
// whenever the player asks; it can be skipped at any moment.
import { useEffect, useRef, useState } from "preact/hooks";
import { t } from "./i18n";

const SEEN = "carrom-first-stroke-seen";
// The table Play now made, for the guide to show there (this tab only).
const ASKED = "carrom-first-stroke-table";
// Each step's animation, ms: the three take 21 s in all.
const STEP_MS = 7000;

const STEPS = ["guide.step1", "guide.step2", "guide.step3"];

// askFirstStroke asks for the guide at table id, unless this browser has seen it.
export function askFirstStroke(id: string): void {
  try {
    if (localStorage.getItem(SEEN) === null) sessionStorage.setItem(ASKED, id);
  } catch {
    // No storage (private browsing): no guide by itself.
  }
}

// firstStrokeDue says whether the guide is to come by itself at table id.
export function firstStrokeDue(id: string): boolean {
  try {
    return sessionStorage.getItem(ASKED) === id && localStorage.getItem(SEEN) === null;
  } catch {
    return false;
  }
}

// Keys is the list of keyboard keys and what each does; move says what
// the arrows left and right do, sound adds the M key.
export function Keys({ move, sound = false }: { move: string; sound?: boolean }) {
  const sep = t("list.comma");
  return <>
    {t("table.keys") + " "}<kbd>←</kbd><kbd>→</kbd>{` ${t(move)}${sep}`}<kbd>A</kbd><kbd>D</kbd>{` ${t("table.key.aim")}${sep}`}<kbd>↑</kbd><kbd>↓</kbd>{` ${t("table.key.power")}${sep}`}
    <kbd>{t("table.kbd.space")}</kbd>{` ${t("table.key.shoot")}${sep}`}<kbd>{t("table.kbd.esc")}</kbd>{` ${t("table.key.cancel")}`}
    {sound ? <>{sep}<kbd>M</kbd>{` ${t("table.key.sound")}`}</> : null}{t("sentence.end")}
  </>;
}

export function FirstStroke({ done }: { done: () => void }) {
  const [step, setStep] = useState(0);
  const skip = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    try { localStorage.setItem(SEEN, "1"); } catch { /* private browsing: shown again next time */ }
    skip.current?.focus();
  }, []);
  useEffect(() => {
    if (step >= STEPS.length - 1) return;
    const timer = window.setTimeout(() => setStep(step + 1), STEP_MS);
    return () => clearTimeout(timer);
  }, [step]);
  const last = step === STEPS.length - 1;
  return (
    <div class="summary guide" id="first-stroke" role="dialog" aria-label={t("guide.title")} data-step={String(step + 1)}
      onKeyDown={(e) => { if (e.key === "Escape") done(); }}>
      <h2>{t("guide.title")}</h2>
      <svg class={`guide-anim step-${step + 1}`} viewBox="0 0 200 110" width="200" height="110" aria-hidden="true" key={step}>
        <rect x="0" y="0" width="200" height="110" rx="6" class="wood" />
        <line x1="30" y1="80" x2="170" y2="80" class="line" />
        <line x1="30" y1="92" x2="170" y2="92" class="line" />
        <circle cx="100" cy="30" r="5" class="coin" />
        <g class="striker"><circle cx="100" cy="86" r="8" /></g>
        <g class="pull"><line x1="100" y1="86" x2="100" y2="104" /></g>
        <g class="arrow"><line x1="100" y1="76" x2="100" y2="52" /><path d="M94 56 L100 46 L106 56 Z" /></g>
        <g class="finger"><circle cx="100" cy="86" r="6" /></g>
      </svg>
      <p class="why" id="first-stroke-step" aria-live="polite">{`${t("guide.stepOf", { N: step + 1, Total: STEPS.length })} ${t(STEPS[step])}`}</p>
      <p class="help">
        <Keys move="table.key.move" />
      </p>
      <div class="actions">
        <button type="button" id="first-stroke-close" class={last ? "" : "secondary"} ref={skip} onClick={done}>{last ? t("guide.gotIt") : t("guide.skip")}</button>
      </div>
    </div>
  );
}
