// Package lobby serves the lists of tables read from the store: the
// tables in play (GET /api/tables), the finished matches (GET
// /api/matches), a browser's own unfinished tables (GET /api/mine, the
// pages' "Resume your game") and the plain lobby page at "/" when the
// server has no browser game. It makes no table and reads no live one:
// the server wires it with the store's lists and the description of a
// stored table (its Env).
//
//	l := lobby.New(lobby.Env{Store: st, Info: info, Token: token, Policy: csp, Log: log})
//	mux.HandleFunc("GET /api/tables", l.Tables)
//	mux.HandleFunc("GET /api/matches", l.Matches)
package lobby
