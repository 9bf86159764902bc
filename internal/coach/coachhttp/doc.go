// Package coachhttp serves the coach's hints over HTTP: the hint for the
// stroke a player is to play at a table against the computer
// (POST /api/tables/{id}/hint) and practice, any position played on by
// one action and/or advised (POST /api/practice), with the slots that
// bound the coach's searches running at once.
//
// It gets what it needs of the server in its Env: the coach, a table's
// position for the seat that asks (the table's goroutine answers it), the
// hint limits by address and identity, and the table's messages, which
// practice answers in. It is kept out of package coach, the search, which
// knows no HTTP (internal/archtest).
package coachhttp
