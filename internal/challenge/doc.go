// Package challenge is the challenges between accounts: one account
// invites another, by name, to a two-seat table with chosen rules and
// clock, rated or not; the invitee accepts or declines, the sender may
// withdraw (/api/challenges, docs/accounts.md). Accepting makes the
// table, the challenger at seat 0 from the browser he challenged from.
//
// The challenge as stored is this package's (Challenge, Status), which
// internal/store keeps. The HTTP gets what it needs of the server in its
// Env, as interfaces declared here: the store's challenge methods, the
// tables (to check a configuration and start the table of an accepted
// challenge), the live channel (to push a challenge made or answered to
// both accounts' pages), who a request comes from, the clock and the log.
package challenge
