// Package table is the table actor: one table in play, its goroutine
// owning its state. Players' intents reach it as messages (Table's
// methods: Join, Sit, Act, Aim, Say, Leave, …); it validates them with
// package game, has the store keep each accepted action, and only then
// sends the result to its clients.
//
// It knows no HTTP, no accounts, no rating, no cluster, no server, no
// store and no bus (internal/archtest): all it reaches beyond its state
// is its Env, built once by the server: the Store it writes its actions,
// its end and its seats to, the Clock, the Players a rated seat plays as
// and the Pairs that cap their rated matches, the Metrics it counts, the
// Searches' slots of its computers, the Fanout of its messages to its
// clients (a Client is what it knows of one: its identity), and
// Finished, the end of its match announced to what reacts to it (the
// rating, the tournaments), off its goroutine. A table a cluster's node
// runs under its lease is given that lease's Store and Fanout (Route).
//
// The files: api.go (Table, the server's handle: made, restored, run, and
// its intents posted), table.go (the goroutine: run, handle, commit; the
// events a client missed made again from the stored actions; the Env and
// its interfaces; the table's subsystems, each a struct over the table
// with the state it alone keeps: seating, turnClock, computerSeats,
// presence, fairPlay, tableViews), seats.go (seating: seats, joining and leaving, the players
// awaited), turn.go (the turn: tosses played, a computer set thinking, a
// human awaited), turnclock.go (the clock of the player to act), bots.go
// (computerSeats: computer players, their searches), waits.go (presence:
// a game against the computer waiting for its player), fairplay.go (a
// rated match aborted before its first stroke), rating.go (what a rated
// seat and a rated match's cap ask of the accounts; the play counted
// toward the rating), view.go (View: a table's messages of its game, also
// for a replay and for practice), aim.go (a player's live aim passed on),
// words.go (phrases between players), coach.go (the position for the
// coach), vacate.go (a deleted account's seats given up), finished.go
// (Finished, the match's end announced), replay.go (ReplayStored, the one
// loop that plays a stored table's actions again), config.go (a table's
// configuration checked, GameConfig, and the table's errors).
//
// Every goroutine and how it ends:
//   - a table's (drain, started by Table.Start and by a message posted
//     to a table whose goroutine does not run) runs only while messages
//     wait, so that a table waiting for its players holds no goroutine;
//     it returns when none does, and for good when the table ends: its
//     context ends (the server closes, or its node lets it go), Stop is
//     handled, or its match is over and its last client has left;
//   - a computer's search (computerSeats.think) ends when the player
//     returns, which it must once its context ends: the position changed,
//     the table stopped or the server closed; Searches.WG counts it;
//   - the clock's, the grace period's and the pace's timers
//     (Clock.AfterFunc) post one message to their table and end, at once
//     if the table has ended.
package table
