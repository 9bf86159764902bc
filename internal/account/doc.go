// Package account is carrom's accounts: sign-up, sign-in and sign-out,
// the sessions and their CSRF tokens, the password (argon2id) and its
// change, deleting an account, the search of names, and the limits on
// each (docs/accounts.md).
//
// The server wires it, giving it only what it needs (Env): the store of
// accounts and sessions (Store, declared here and implemented by
// internal/store, which keeps Account and Session as its rows), the
// clock, the log, and of the server's HTTP the browser's identity token,
// its cookies and the client's address. A deleted account's seats are
// handed back through Env.Deleted, so that the tables in play let them
// go; the package knows no table.
//
//	acct := account.New(account.Env{Store: db, Clock: clock, Log: log, …})
//	acct.Route(mux)                            // /api/account…, GET /api/players
//	mux.Handle("GET /ws/{id}", acct.WithSession(serveWS))
//	handler := acct.CSRF(mux)                  // every POST and DELETE
//
// The rest of the server asks it who a request is (Of, on the routes that
// load the session) and which account a browser plays as (PlaysAs).
//
// The files: account.go (the types, the store, the errors), session.go
// (the session's cookie, its middleware and Of), http.go (the account's
// handlers), players.go (the search of names), password.go (argon2id,
// a few hashes at once), names.go (the names people choose, their keys
// and skeletons), limits.go (the limits by name and address).
package account
