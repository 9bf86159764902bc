// Accounts in the page: the header's link, and the account page
// (/account): sign in, sign up, change the password, sign out, delete.
import { api, me, type Me } from "./api";
import { h } from "./dom";
import { t } from "./i18n";

const post = (path: string, body: unknown) => api<Me>("POST", path, body);

// accountNav puts the account's link in the page's header: the player's
// name (his profile) or "Sign in".
export function accountNav(): void {
  const header = document.querySelector("header");
  if (!header) return;
  const nav = h("nav", { id: "account-nav", class: "account-nav" },
    h("a", { href: "/leaderboard" }, t("account.nav.ratings")));
  // Spaces between the links, which the flex layout does not show, keep
  // the words apart for a screen reader or a copy ("carromRatings" before).
  header.insertBefore(nav, header.querySelector("#sound"));
  header.insertBefore(document.createTextNode(" "), header.querySelector("#sound"));
  me().then((m) => {
    // Friends is left out at a phone's width, where the header is full.
    nav.append(" ", m.signed_in
      ? h("a", { href: "/friends", id: "nav-friends", class: "nav-long" }, t("account.nav.friends"))
      : "", " ", m.signed_in
      ? h("a", { href: "/challenges", id: "nav-challenges" }, t("account.nav.challenges"))
      : "", " ", m.signed_in
      ? h("a", { href: "/tournaments", id: "nav-tournaments", class: "nav-long" }, t("account.nav.tournaments"))
      : "", " ", m.signed_in && m.name
      ? h("a", { href: `/u/${encodeURIComponent(m.name)}`, id: "nav-me", title: m.name }, m.name)
      : h("a", { href: "/account", id: "nav-signin" }, t("account.signin")));
  });
}

function field(label: string, input: HTMLInputElement): HTMLLabelElement {
  return h("label", {}, label + " ", input);
}

function form(id: string, title: string, fields: HTMLElement[], submit: string, act: (err: HTMLElement) => Promise<void>): HTMLFormElement {
  const err = h("div", { class: "error", role: "alert" });
  // POST, so that a form sent without the script never puts a password in an address.
  const f = h("form", { id, class: "card", method: "post" }, h("h2", {}, title), ...fields, h("button", { type: "submit" }, submit), err);
  f.addEventListener("submit", (ev) => {
    ev.preventDefault();
    err.textContent = "";
    act(err).catch((e: Error) => { err.textContent = e.message; });
  });
  return f;
}

const input = (name: string, type: string, auto: string) => h("input", { name, type, autocomplete: auto, required: "" });

// accountPage is /account.
export async function accountPage(root: HTMLElement): Promise<void> {
  const m = await me();
  root.replaceChildren();
  if (!m.signed_in) {
    const inName = input("name", "text", "username"), inPw = input("password", "password", "current-password");
    const upName = input("name", "text", "username"), upPw = input("password", "password", "new-password");
    upName.setAttribute("pattern", "[\\p{L}\\p{M}\\p{N}_.\\-]{3,20}");
    upPw.setAttribute("minlength", "8");
    const done = () => { location.href = new URLSearchParams(location.search).get("next") ?? "/"; };
    root.append(h("h1", {}, t("account.title")),
      h("p", {}, t("account.intro")),
      h("div", { class: "cards" },
        form("signin", t("account.signin"), [field(t("account.name"), inName), field(t("account.password"), inPw)], t("account.signin"),
          async () => { await post("/api/account/signin", { name: inName.value, password: inPw.value }); done(); }),
        form("signup", t("account.signup"), [field(t("account.name.rule"), upName), field(t("account.password.rule"), upPw)], t("account.signup"),
          async () => { await post("/api/account/signup", { name: upName.value, password: upPw.value }); done(); })));
    return;
  }
  const oldPw = input("old", "password", "current-password"), newPw = input("new", "password", "new-password");
  newPw.setAttribute("minlength", "8");
  const delPw = input("password", "password", "current-password");
  const out = h("button", { type: "button", id: "signout" }, t("account.signout"));
  out.addEventListener("click", async () => { await post("/api/account/signout", {}); location.href = "/"; });
  root.append(h("h1", {}, t("account.signedIn", { Name: m.name ?? "" })),
    h("p", {}, h("a", { href: `/u/${encodeURIComponent(m.name!)}` }, t("account.profile")), " · ", h("a", { href: "/challenges" }, t("account.nav.challenges")), " · ",
      h("a", { href: "/leaderboard" }, t("account.nav.ratings")), " · ", out),
    h("div", { class: "cards" },
      form("password", t("account.password.change"), [field(t("account.password.current"), oldPw), field(t("account.password.new"), newPw)], t("account.password.submit"),
        async (err) => { await post("/api/account/password", { old: oldPw.value, new: newPw.value }); err.textContent = t("account.password.changed"); }),
      form("delete", t("account.delete"), [h("p", {}, t("account.delete.what")), field(t("account.password"), delPw)], t("account.delete.submit"),
        async () => { await api("DELETE", "/api/account", { password: delPw.value }); location.href = "/"; })));
}
