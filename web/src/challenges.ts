// Challenges (/challenges): invite a named player to a table with chosen
// rules and clock, rated or not, with the expected score of a rated one;
// answer the invitations; go to the table once accepted.
import { api, me } from "./api";
import { h } from "./dom";
import { num } from "./format";
import { t } from "./i18n";
import { type Challenge, onLive, terms } from "./live";

// suggestNames offers under a name field (its list attribute, id) the
// names of accounts that begin with what is typed, but the player's own;
// picking one fills it. It returns the datalist, to put in the page.
export function suggestNames(input: HTMLInputElement, id: string, self?: string): HTMLDataListElement {
  const names = h("datalist", { id });
  let typed = "";
  input.addEventListener("input", () => {
    const prefix = input.value.trim();
    if (prefix === typed) return;
    typed = prefix;
    if (!prefix) { names.replaceChildren(); return; }
    api<{ players: string[] }>("GET", `/api/players?prefix=${encodeURIComponent(prefix)}`)
      .then((r) => {
        // An answer to an earlier keystroke, come late, is not shown.
        if (typed === prefix) names.replaceChildren(...r.players.filter((n) => n !== self).map((n) => h("option", { value: n })));
      })
      // A suggestion missed is no error: the name can still be typed whole.
      .catch(() => undefined);
  });
  return names;
}

// A challenge's status once answered, in words.
const statusKeys: Record<string, string> = { accepted: "challenge.status.accepted", declined: "challenge.status.declined", withdrawn: "challenge.status.withdrawn" };
const statusName = (s: string) => statusKeys[s] ? t(statusKeys[s]) : s;

export async function challengesPage(root: HTMLElement): Promise<void> {
  const m = await me();
  if (!m.signed_in) {
    root.replaceChildren(h("h1", {}, t("challenge.title")), h("p", {}, h("a", { href: "/account?next=/challenges" }, t("account.signin")), t("challenge.signin.after")));
    return;
  }
  const to = h("input", { id: "challenge-to", name: "to", required: "", value: new URLSearchParams(location.search).get("to") ?? "", autocomplete: "off", list: "challenge-names" });
  const names = suggestNames(to, "challenge-names", m.name);
  const rules = h("select", { id: "challenge-rules" }, h("option", { value: "icf" }, t("challenge.rules.icf")), h("option", { value: "family" }, t("challenge.rules.family")));
  const clock = h("select", { id: "challenge-clock" }, h("option", { value: "15" }, t("challenge.clock", { N: 15 })), h("option", { value: "30" }, t("challenge.clock", { N: 30 })), h("option", { value: "0" }, t("challenge.noClock")));
  const rated = h("input", { id: "challenge-rated", type: "checkbox", checked: "" });
  const expected = h("p", { id: "expected", "aria-live": "polite" });
  // The form's one place for a refusal, the expected score's or the
  // challenge's: an unknown name is said once.
  const err = h("div", { class: "error", role: "alert" });
  const showExpected = async () => {
    expected.textContent = "";
    err.textContent = "";
    if (!rated.checked || !to.value.trim()) return;
    try {
      const e = await api<{ expected: [number, number]; players: { name: string; rating: number; rd: number }[] }>("GET",
        `/api/expected?rules=${rules.value}&players=${encodeURIComponent(m.name!)},${encodeURIComponent(to.value.trim())}`);
      const [a, b] = e.players;
      expected.textContent = t("challenge.expected", { Score: num(e.expected[0], 2), Rating: num(a.rating), Deviation: num(2 * a.rd),
        Name: b.name, TheirRating: num(b.rating), TheirDeviation: num(2 * b.rd) });
    } catch (e) {
      err.textContent = e instanceof Error ? e.message : String(e);
    }
  };
  for (const el of [to, rules, rated]) el.addEventListener("change", showExpected);
  const f = h("form", { class: "card", id: "challenge" }, h("h2", {}, t("challenge.form")),
    h("label", {}, t("challenge.player") + " ", to), names, h("label", {}, rules, " ", clock), h("label", {}, rated, " " + t("challenge.rated")), expected,
    h("button", { type: "submit" }, t("challenge.send")), err);
  f.addEventListener("submit", (ev) => {
    ev.preventDefault();
    err.textContent = "";
    api("POST", "/api/challenges", { to: to.value.trim(), rules: rules.value, clock: +clock.value, rated: rated.checked })
      .then(() => { to.value = ""; expected.textContent = ""; return refresh(); })
      .catch((e: Error) => { err.textContent = e.message; });
  });
  const list = h("div", { id: "challenge-list" });
  const answer = (c: Challenge, what: string, label: string) => {
    const b = h("button", { type: "button", class: what === "accept" ? "" : "secondary", "data-answer": what }, label);
    b.addEventListener("click", () => api<Challenge>("POST", `/api/challenges/${c.id}/${what}`)
      .then((r) => { if (r.link) location.href = r.link; else return refresh(); })
      .catch((e: Error) => { err.textContent = e.message; }));
    return b;
  };
  const refresh = async () => {
    const cs = await api<Challenge[]>("GET", "/api/challenges");
    list.replaceChildren(cs.length ? h("table", { class: "list" }, ...cs.map((c) => {
      const mine = c.from === m.name;
      const what = mine ? t("challenge.to", { Name: c.to, Terms: terms(c) }) : t("challenge.from", { Name: c.from, Terms: terms(c) });
      const act = c.status === "open"
        ? (mine ? [answer(c, "withdraw", t("challenge.withdraw"))] : [answer(c, "accept", t("challenge.accept")), " ", answer(c, "decline", t("challenge.decline"))])
        : c.link && c.status === "accepted" ? [h("a", { href: c.link, class: "button" }, t("challenge.goToTable"))] : [statusName(c.status)];
      return h("tr", { "data-challenge": c.id }, h("td", {}, what), h("td", {}, ...act));
    })) : h("p", {}, t("challenge.none")));
  };
  // The way to the Friends page at a phone's width, whose header has no room for it.
  root.replaceChildren(h("h1", {}, t("challenge.title")), h("p", {}, t("challenge.fromFriends") + " ", h("a", { href: "/friends", id: "to-friends" }, t("challenge.fromFriends.link")), t("challenge.fromFriends.after")),
    f, h("h2", {}, t("challenge.list")), list);
  await refresh();
  showExpected();
  // The other player answers from his own page: his answer is pushed on
  // the live channel, and so is a challenge received; each connection's
  // hello reads the list again, for what came while it was down.
  onLive((msg) => { if (msg.type !== "rematch") refresh().catch(() => undefined); });
}
