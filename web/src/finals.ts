// How a tournament finishes (docs/tournaments.md, "Finals, prizes and
// championships"): the organiser's choice of finals after the Swiss and of
// the prize method, the button that pairs the finals, the final ranking
// with its prizes (printed as the prize list), and the championships: the
// organiser's form on /tournaments and the public ranking page
// /championships/{id}.
import { api } from "./api";
import { h } from "./dom";
import { sayCode } from "./errors";
import * as i18n from "./i18n";

export interface Finals { places: number; best_of: number; prizes: string; next: string; next_code?: string; next_params?: Record<string, string | number> }
export interface Rank { place: number; num: number; name: string; prize: string }
interface Summary { id: string; name: string; date: string }
interface Championship {
  id: string; name: string; organiser: string; mine: boolean; prizes: string; skip_worst: number;
  tournaments: { id: string; name: string; date: string; counted: boolean }[];
  ranking: { rank: number; name: string; prizes: string[]; skipped: boolean[]; total: string; played: number }[];
}

type Act = (path: string, body: unknown) => Promise<void>;

const prizeKeys: Record<string, string> = {
  none: "tournament.prize.none", fixed: "tournament.prize.fixed", fixed40: "tournament.prize.fixed40",
  millesimal: "tournament.prize.millesimal", centesimal: "tournament.prize.centesimal",
};
const prizeName = (method: string) => prizeKeys[method] ? i18n.t(prizeKeys[method]) : method;
const prizeOptions = (chosen: string, withNone: boolean) => Object.keys(prizeKeys).filter((k) => withNone || k !== "none")
  .map((k) => { const o = h("option", { value: k }, prizeName(k)); o.selected = k === chosen; return o; });

// finalsDesk is the organiser's card: the finals after a Swiss and the
// prize method, and the button that pairs the next finals round.
export function finalsDesk(t: { system: string; finals: Finals }, act: Act): HTMLElement {
  const places = h("select", { id: "fin-places" }, h("option", { value: "0" }, i18n.t("tournament.finals.none")), h("option", { value: "2" }, i18n.t("tournament.finals.two")),
    h("option", { value: "4" }, i18n.t("tournament.finals.four")));
  const bestOf = h("select", { id: "fin-best-of" }, h("option", { value: "1" }, i18n.t("tournament.finals.one")), h("option", { value: "3" }, i18n.t("tournament.finals.three")));
  const prizes = h("select", { id: "fin-prizes" }, ...prizeOptions(t.finals.prizes, true));
  places.value = String(t.finals.places);
  bestOf.value = String(t.finals.best_of);
  const swiss = t.system === "swiss";
  places.disabled = bestOf.disabled = !swiss;
  const save = h("button", { type: "submit", id: "fin-save", class: "secondary" }, i18n.t("tournament.finals.save"));
  const pair = h("button", { type: "button", id: "pair-finals" }, i18n.t("tournament.finals.pair"));
  pair.addEventListener("click", () => { act("/finals/rounds", {}).catch(() => undefined); });
  const f = h("form", { class: "card", id: "finals-form" }, h("h2", {}, i18n.t("tournament.finals.card")),
    ...(swiss ? [h("label", {}, i18n.t("tournament.finals.after") + " ", places), h("label", {}, i18n.t("tournament.finals.each") + " ", bestOf)] : []),
    h("label", {}, i18n.t("tournament.finals.prizes") + " ", prizes), save, ...(swiss ? [h("p", {}, pair), h("p", { id: "finals-why" })] : []));
  f.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const body: Record<string, unknown> = { prizes: prizes.value };
    if (swiss) { body.places = +places.value; body.best_of = +bestOf.value; }
    act("/finals", body).catch(() => undefined);
  });
  return f;
}

// showFinals sets the finals button by the tournament as it is now.
export function showFinals(t: { finals: Finals }): void {
  const pair = document.getElementById("pair-finals") as HTMLButtonElement | null;
  const f = t.finals, next = f.next_code ? sayCode(f.next_code, f.next_params) ?? f.next : f.next;
  if (pair) { pair.disabled = f.next !== ""; pair.title = next; }
  const why = document.getElementById("finals-why");
  if (why) why.textContent = next;
}

// prizeList is the final ranking with each place's prize: the standings,
// their first places as the finals decided them. Printed alone, it is the
// prize list.
export function prizeList(t: { finals: Finals; ranking: Rank[] }): HTMLElement[] {
  const prized = t.finals.prizes !== "none";
  const title = i18n.t(t.finals.places ? "tournament.ranking.finals" : "tournament.ranking");
  return [h("h2", {}, prized ? i18n.t("tournament.ranking.prizes", { Title: title, Method: prizeName(t.finals.prizes) }) : title),
    h("table", { class: "list", id: "prizes" },
      h("tr", {}, h("th", {}, i18n.t("tournament.ranking.place")), h("th", {}, i18n.t("tournament.ranking.player")), ...(prized ? [h("th", {}, i18n.t("tournament.ranking.prize"))] : [])),
      ...t.ranking.map((r) => h("tr", { "data-num": String(r.num) }, h("td", {}, String(r.place)), h("td", {}, r.name),
        ...(prized ? [h("td", {}, r.prize)] : []))))];
}

// championshipsCard is /tournaments' part for championships: the
// organiser's, and a form that groups some of his tournaments into a new one.
export async function championshipsCard(tournaments: Summary[]): Promise<HTMLElement> {
  const mine = await api<{ id: string; name: string; prizes: string }[]>("GET", "/api/championships");
  const name = h("input", { id: "ch-name", maxlength: "80", required: "" });
  const prizes = h("select", { id: "ch-prizes" }, ...prizeOptions("fixed", false));
  const skip = h("input", { id: "ch-skip", type: "number", min: "0", max: "50", value: "0" });
  const boxes = tournaments.map((t) => h("input", { type: "checkbox", value: t.id, "data-tournament": t.id }));
  const err = h("div", { class: "error", role: "alert", id: "ch-error" });
  const f = h("form", { class: "card", id: "championship-new" }, h("h2", {}, i18n.t("championship.new")),
    h("label", {}, i18n.t("championship.name") + " ", name), h("label", {}, i18n.t("tournament.finals.prizes") + " ", prizes), h("label", {}, i18n.t("championship.skip") + " ", skip),
    ...tournaments.map((t, i) => h("label", {}, boxes[i], ` ${t.name} (${t.date})`)),
    h("button", { type: "submit", id: "ch-create" }, i18n.t("championship.create")), err);
  f.addEventListener("submit", (ev) => {
    ev.preventDefault();
    err.textContent = "";
    api<Championship>("POST", "/api/championships", { name: name.value, prizes: prizes.value, skip_worst: +skip.value,
      tournaments: boxes.filter((b) => b.checked).map((b) => b.value) })
      .then((c) => { location.href = `/championships/${c.id}`; })
      .catch((e: Error) => { err.textContent = e.message; });
  });
  return h("div", { id: "championships" }, f, h("h2", {}, i18n.t("championship.yours")),
    mine.length ? h("ul", {}, ...mine.map((c) => h("li", {}, h("a", { href: `/championships/${c.id}` }, c.name)))) : h("p", {}, i18n.t("championship.none")));
}

// championshipPage is /championships/{id}, to anyone: its tournaments and
// its ranking; for its organiser, a form that adds a tournament.
export function championshipPage(root: HTMLElement, id: string): void {
  const err = h("div", { class: "error", role: "alert", id: "ch-error" });
  const show = (c: Championship) => {
    const counted = (i: number) => c.tournaments[i].counted;
    const cell = (line: Championship["ranking"][number], i: number) => {
      const p = line.prizes[i];
      if (!counted(i)) return h("td", {}, "");
      if (line.skipped[i]) return h("td", { class: "ch-skipped", title: i18n.t("championship.skipped") }, `(${p || "0"})`);
      return h("td", {}, p || "–");
    };
    const parts: (Node | string)[] = [h("h1", {}, c.name),
      h("p", {}, [i18n.t("championship.prizes", { Method: prizeName(c.prizes) }),
        c.skip_worst ? i18n.t("championship.skipWorst", { Count: c.skip_worst }) : i18n.t("championship.everyResult"),
        c.organiser ? i18n.t("tournament.organiser", { Name: c.organiser }) : ""].filter(Boolean).join(" · ")),
      h("h2", {}, i18n.t("championship.tournaments")),
      h("ol", {}, ...c.tournaments.map((t) => h("li", {}, h("a", { href: `/tournaments/${t.id}` }, t.name), ` ${t.date}`, t.counted ? "" : " " + i18n.t("championship.notCounted")))),
      h("h2", {}, i18n.t("championship.ranking")),
      h("table", { class: "list", id: "championship-ranking" },
        h("tr", {}, h("th", {}, i18n.t("championship.rank")), h("th", {}, i18n.t("tournament.ranking.player")),
          ...c.tournaments.map((_, i) => h("th", {}, i18n.t("championship.column", { N: i + 1 }))), h("th", {}, i18n.t("championship.played")), h("th", {}, i18n.t("championship.total"))),
        ...c.ranking.map((l) => h("tr", {}, h("td", {}, String(l.rank)), h("td", {}, l.name), ...c.tournaments.map((_, i) => cell(l, i)),
          h("td", {}, String(l.played)), h("td", { class: "ch-total" }, l.total)))),
      err];
    if (c.mine) parts.push(addForm(c, show, err));
    root.replaceChildren(...parts);
  };
  api<Championship>("GET", `/api/championships/${id}`).then(show).catch((e: Error) => { root.replaceChildren(err); err.textContent = e.message; });
}

function addForm(c: Championship, show: (c: Championship) => void, err: HTMLElement): HTMLElement {
  const pick = h("select", { id: "ch-add-tournament" });
  api<Summary[]>("GET", "/api/tournaments").then((ts) => {
    pick.replaceChildren(...ts.filter((t) => !c.tournaments.some((x) => x.id === t.id)).map((t) => h("option", { value: t.id }, `${t.name} (${t.date})`)));
  }).catch(() => undefined);
  const f = h("form", { class: "card", id: "championship-add" }, h("h2", {}, i18n.t("championship.add.title")), pick, " ", h("button", { type: "submit", id: "ch-add" }, i18n.t("championship.add")));
  f.addEventListener("submit", (ev) => {
    ev.preventDefault();
    err.textContent = "";
    api<Championship>("POST", `/api/championships/${c.id}/tournaments`, { tournament: pick.value }).then(show).catch((e: Error) => { err.textContent = e.message; });
  });
  return f;
}
