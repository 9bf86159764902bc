// Friends (/friends): follow players by name; each is shown online or
// not and, playing, with Watch (his table); Challenge opens the challenge
// form with his name filled. The list is read again when a friend comes
// online (the live channel's push), at each connection's hello, and every
// 10 s while the page is shown: a friend sitting down is not pushed.
import { api, me } from "./api";
import { suggestNames } from "./challenges";
import { h } from "./dom";
import { t } from "./i18n";
import { onLive } from "./live";
import type { Friend } from "./protocol";

export async function friendsPage(root: HTMLElement): Promise<void> {
  const m = await me();
  if (!m.signed_in) {
    root.replaceChildren(h("h1", {}, t("friends.title")), h("p", {}, h("a", { href: "/account?next=/friends" }, t("account.signin")), t("friends.signin.after")));
    return;
  }
  const name = h("input", { id: "friend-name", name: "name", required: "", autocomplete: "off", list: "friend-names" });
  const names = suggestNames(name, "friend-names", m.name);
  const err = h("div", { class: "error", role: "alert" });
  const list = h("div", { id: "friend-list" });
  const show = (fs: Friend[]) => {
    list.replaceChildren(fs.length ? h("table", { class: "list" }, ...fs.map((f) => {
      const who = encodeURIComponent(f.name);
      const state = f.table ? "playing" : f.online ? "online" : "offline";
      const unfollow = h("button", { type: "button", class: "secondary", "data-unfollow": f.name }, t("friends.unfollow"));
      unfollow.addEventListener("click", () => act("DELETE", f.name));
      return h("tr", { "data-friend": f.name, "data-state": state },
        h("td", {}, h("a", { href: `/u/${who}` }, f.name)),
        h("td", { class: "friend-state" }, state === "playing" ? t("friends.playing") : state === "online" ? t("friends.online") : t("friends.offline")),
        h("td", {}, ...(f.table ? [h("a", { class: "button", href: `/t/${f.table}`, "data-watch": f.name }, t("friends.watch")), " "] : []),
          h("a", { class: "button secondary", href: `/challenges?to=${who}`, "data-challenge": f.name }, t("friends.challenge")), " ", unfollow));
    })) : h("p", {}, t("friends.none")));
  };
  const act = (method: "PUT" | "DELETE", who: string) => {
    err.textContent = "";
    return api<Friend[]>(method, `/api/friends/${encodeURIComponent(who)}`).then(show)
      .catch((e: Error) => { err.textContent = e.message; });
  };
  const refresh = () => api<Friend[]>("GET", "/api/friends").then(show).catch(() => undefined);
  const f = h("form", { class: "card", id: "follow" }, h("h2", {}, t("friends.follow.title")),
    h("label", {}, t("friends.player") + " ", name), names, h("button", { type: "submit" }, t("friends.follow")), err);
  f.addEventListener("submit", (ev) => {
    ev.preventDefault();
    void act("PUT", name.value.trim()).then(() => { if (!err.textContent) name.value = ""; });
  });
  root.replaceChildren(h("h1", {}, t("friends.title")), f, h("h2", {}, t("friends.following")), list);
  await refresh();
  onLive((msg) => { if (msg.type === "friend" || msg.type === "hello") void refresh(); });
  setInterval(() => { if (document.visibilityState === "visible") void refresh(); }, 10000);
}
