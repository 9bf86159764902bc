// Numbers and dates in the reader's language (Intl, with the page's
// language tag): a rating is a whole number without grouping, as rating
// lists print it ("1500", not "1,500"); a date is the language's own
// ("27 novembre 2026", "27.11.2026"). See docs/i18n.md.
import { lang, t } from "./i18n";

// Intl takes the pseudo-locale's tag for English.
const tag = () => lang() === "en-XA" ? "en" : lang();

// num is x with digits decimals (none if not given).
export const num = (x: number, digits = 0) =>
  new Intl.NumberFormat(tag(), { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(x);

// percent is a share (0.425) as a percentage with one decimal.
export const percent = (x: number) =>
  new Intl.NumberFormat(tag(), { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(x);

// wholePercent is a fraction (0.34) as a whole percentage in the
// language's words for it ("34 %" in French): a power, a chance.
export const wholePercent = (x: number) => t("table.percent", { N: num(Math.round(x * 100)) });

// signedNum is a change with its sign: +12.5, −3.0, ±0.0.
export const signedNum = (x: number, digits = 1) => (x > 0 ? "+" : x < 0 ? "−" : "±") + num(Math.abs(x), digits);

// date is the day of an instant; dateTime the day and the time.
export const date = (iso: string | number | Date) => new Date(iso).toLocaleDateString(tag(), { dateStyle: "medium" });
export const dateTime = (iso: string | number | Date) => new Date(iso).toLocaleString(tag(), { dateStyle: "medium", timeStyle: "short" });

// figure is a score or a tie-break as it is, up to two decimals (1.5, -3).
export const figure = (x: number) => new Intl.NumberFormat(tag(), { maximumFractionDigits: 2, useGrouping: false }).format(x);

// wait is a wait of seconds in the language's words, in whole minutes
// rounded up, and hours past one ("9 minutes", "1 hour 20 minutes").
export function wait(seconds: number): string {
  const m = Math.max(1, Math.ceil(seconds / 60));
  const unit = (n: number, u: "hour" | "minute") =>
    new Intl.NumberFormat(tag(), { style: "unit", unit: u, unitDisplay: "long" }).format(n);
  if (m < 60) return unit(m, "minute");
  return m % 60 ? unit(Math.floor(m / 60), "hour") + " " + unit(m % 60, "minute") : unit(m / 60, "hour");
}
