// Friends (/friends): follow players by name; each is shown online or
// not and, playing, with Watch (his table); Challenge opens the challenge
// form with his name filled. The list is read again when a friend comes
// online (the live channel's push), at each connection's hello, and every
// 10 s while the page is shown: a friend sitting down is not pushed.
import { api, me } from "./api";
import { suggestNames } from "./challenges";
import { h } from "./dom";
import { onLive } from "./live";
import type { Friend } from "./protocol";

export async function friendsPage(root: HTMLElement): Promise<void> {
  const m = await me();
  if (!m.signed_in) {
    root.replaceChildren(h("h1", {}, "Friends"), h("p", {}, h("a", { href: "/account?next=/friends" }, "Sign in"), " to follow players."));
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
      const unfollow = h("button", { type: "button", class: "secondary", "data-unfollow": f.name }, "Unfollow");
      unfollow.addEventListener("click", () => act("DELETE", f.name));
      return h("tr", { "data-friend": f.name, "data-state": state },
        h("td", {}, h("a", { href: `/u/${who}` }, f.name)),
        h("td", { class: "friend-state" }, state),
        h("td", {}, ...(f.table ? [h("a", { class: "button", href: `/t/${f.table}`, "data-watch": f.name }, "Watch"), " "] : []),
          h("a", { class: "button secondary", href: `/challenges?to=${who}`, "data-challenge": f.name }, "Challenge"), " ", unfollow));
    })) : h("p", {}, "You follow nobody yet."));
  };
  const act = (method: "PUT" | "DELETE", who: string) => {
    err.textContent = "";
    return api<Friend[]>(method, `/api/friends/${encodeURIComponent(who)}`).then(show)
      .catch((e: Error) => { err.textContent = e.message; });
  };
  const refresh = () => api<Friend[]>("GET", "/api/friends").then(show).catch(() => undefined);
  const f = h("form", { class: "card", id: "follow" }, h("h2", {}, "Follow a player"),
    h("label", {}, "Player ", name), names, h("button", { type: "submit" }, "Follow"), err);
  f.addEventListener("submit", (ev) => {
    ev.preventDefault();
    void act("PUT", name.value.trim()).then(() => { if (!err.textContent) name.value = ""; });
  });
  root.replaceChildren(h("h1", {}, "Friends"), f, h("h2", {}, "Whom you follow"), list);
  await refresh();
  onLive((msg) => { if (msg.type === "friend" || msg.type === "hello") void refresh(); });
  setInterval(() => { if (document.visibilityState === "visible") void refresh(); }, 10000);
}
