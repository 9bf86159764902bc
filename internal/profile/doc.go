// Package profile is the players' pages (GET /api/players/{name},
// docs/accounts.md): an account's ratings, every match it played online
// or on a real board (opponents, result, rating change, why it ended
// early, links to the replay or the printed sheet) and its statistics,
// counted with the bench's definitions (ai.Tally).
//
// Everything comes from records, never from a live table: a finished
// match is replayed once from its stored actions and its counts kept
// (tallies), and why it ended is read from its last action (ended.go).
// It gets what it needs of the server in its Env: the store's accounts,
// ratings, played matches and actions, the tables' descriptions and
// replay, the umpires' sheets, and the log.
package profile
