// Accounts in the page: the header's link, and the account page
// (/account): sign in, sign up, change the password, sign out, delete.
import { api, me, type Me } from "./api";
import { h } from "./dom";

const post = (path: string, body: unknown) => api<Me>("POST", path, body);

// accountNav puts the account's link in the page's header: the player's
// name (his profile) or "Sign in".
export function accountNav(): void {
  const header = document.querySelector("header");
  if (!header) return;
  const nav = h("nav", { id: "account-nav", class: "account-nav" },
    h("a", { href: "/leaderboard" }, "Ratings"));
  // Spaces between the links, which the flex layout does not show, keep
  // the words apart for a screen reader or a copy ("carromRatings" before).
  header.insertBefore(nav, header.querySelector("#sound"));
  header.insertBefore(document.createTextNode(" "), header.querySelector("#sound"));
  me().then((m) => {
    // Friends is left out at a phone's width, where the header is full.
    nav.append(" ", m.signed_in
      ? h("a", { href: "/friends", id: "nav-friends", class: "nav-long" }, "Friends")
      : "", " ", m.signed_in
      ? h("a", { href: "/challenges", id: "nav-challenges" }, "Challenges")
      : "", " ", m.signed_in
      ? h("a", { href: "/tournaments", id: "nav-tournaments", class: "nav-long" }, "Tournaments")
      : "", " ", m.signed_in && m.name
      ? h("a", { href: `/u/${encodeURIComponent(m.name)}`, id: "nav-me", title: m.name }, m.name)
      : h("a", { href: "/account", id: "nav-signin" }, "Sign in"));
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
    root.append(h("h1", {}, "Your account"),
      h("p", {}, "Playing needs no account. With one, your games follow you from device to device, you get a profile and a rating, and you can play rated matches and challenge other players. The games this browser has played become your account's."),
      h("div", { class: "cards" },
        form("signin", "Sign in", [field("Name", inName), field("Password", inPw)], "Sign in",
          async () => { await post("/api/account/signin", { name: inName.value, password: inPw.value }); done(); }),
        form("signup", "Sign up", [field("Name (3 to 20 letters of any alphabet, digits, _ - .)", upName), field("Password (8 characters or more)", upPw)], "Sign up",
          async () => { await post("/api/account/signup", { name: upName.value, password: upPw.value }); done(); })));
    return;
  }
  const oldPw = input("old", "password", "current-password"), newPw = input("new", "password", "new-password");
  newPw.setAttribute("minlength", "8");
  const delPw = input("password", "password", "current-password");
  const out = h("button", { type: "button", id: "signout" }, "Sign out");
  out.addEventListener("click", async () => { await post("/api/account/signout", {}); location.href = "/"; });
  root.append(h("h1", {}, `Signed in as ${m.name}`),
    h("p", {}, h("a", { href: `/u/${encodeURIComponent(m.name!)}` }, "Your profile"), " · ", h("a", { href: "/challenges" }, "Challenges"), " · ",
      h("a", { href: "/leaderboard" }, "Ratings"), " · ", out),
    h("div", { class: "cards" },
      form("password", "Change the password", [field("Current password", oldPw), field("New password", newPw)], "Change",
        async (err) => { await post("/api/account/password", { old: oldPw.value, new: newPw.value }); err.textContent = "Changed: your other devices are signed out."; }),
      form("delete", "Delete the account", [h("p", {}, "Your name, password, ratings and challenges are removed; your matches stay for your opponents, under “(deleted)”."), field("Password", delPw)], "Delete for good",
        async () => { await api("DELETE", "/api/account", { password: delPw.value }); location.href = "/"; })));
}
