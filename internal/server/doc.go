// Package server is carrom's authoritative game server: an HTTP lobby and
// one WebSocket per client (docs/protocol.md). Each table's goroutine,
// which runs while messages wait for it, owns its state (internal/table);
// players send intents, the table validates them with package game,
// stores the accepted action, and broadcasts the result.
//
// Server is the composition root: New wires each subsystem with only the
// collaborators it uses, in a struct of its own. The files follow its
// seams: server.go (the tables in play, created and resumed; the
// configuration checked and filled), tables.go (the tables' table.Env,
// all they reach of the server, built once by New: the store, the clock,
// the accounts a rated seat plays as, the metrics, the fan-out to the
// connections, the finished match announced; the table's errors said as
// the server's), http.go (the routes, identity, security headers, a
// stored table's description), proxy.go (front: the proxies in front and
// the public address, the client's address, the cookies), ws.go (one
// WebSocket connection, the connections' bounds, connLimits, the intents
// read sent to the table here, and the fan-out of a table's messages to
// the connections here), outbox.go (a connection's messages waiting to be
// written), gather.go (what a connection's writer hands the WebSocket
// library, sent to the socket in one write), replay.go (matches: the stored tables read back, a match's
// record and replay, the table page), wire.go (decoding a client's
// message; the messages themselves are package protocol's, the table's
// views of its game internal/table's), words.go (a client's phrase read
// and sent to its table), finished.go (the finished matches, which a
// table announces, handed to what reacts to them, off the table's
// goroutine), accounts.go (the store of accounts,
// ratings and challenges, and the wiring of package account, which holds
// the accounts, their sessions, passwords and limits, and the session's
// middleware), ratings.go (the rating of a finished match), fairplay.go
// (the aborts counted against a player, and his playban), friends.go
// (what internal/friends is given of the server), pairing.go (what quick
// pairing, internal/pairing, is given of the server and of the cluster),
// tournaments.go (the wiring of internal/tournament: its tables, their
// bells, the seats kept for its players), lang.go (the page's words in
// the reader's language, GET /api/i18n), metrics.go (what /metrics
// exports), store.go (the store the server runs on), live.go
// (liveHub: each browser page's live channel, challenges and rematches
// pushed), rematch.go (rematches: a finished table made again), vacate.go
// (vacater: a deleted account's seats given up, on every node), bell.go
// (bells: a tournament round's tables ended at its bell, on every node),
// domains.go (the domains' HTTP, each in its own package with its Env,
// wired: the umpires' sheets, internal/umpire/umpirehttp; the
// challenges, internal/challenge, their tables and live pushes; the
// players' pages, internal/profile, the records they read; the ratings'
// HTTP, internal/rating/ratinghttp; the lists of stored tables and the
// plain lobby page, internal/lobby), coach.go (what the coach's HTTP,
// internal/coach/coachhttp, needs of the server: a table's position, the
// hint limits, practice's messages), clustering.go (a cluster's node,
// Config.Cluster, is internal/cluster's: its cluster.Env, all it reaches
// of the server, built once by New: the store, the tables here, found,
// rebuilt and adopted, the clock, the metrics, the bus subjects of the
// accounts and the bells; a connection as the node relays to it, and a
// connection's intents sent to its table's owner at another node); the
// JSON in and out and the errors' statuses and words are
// internal/httpapi's.
//
// Every goroutine and how it ends:
//   - a table's (started by Server.start, internal/table's doc) runs
//     only while the table has messages to handle; the table ends when
//     the server closes, when its node lets it go, or when its match is
//     over and its last client has left; Server.Close waits for it;
//   - a computer's search (internal/table's doc) ends when the player
//     returns, which it must once its context ends: the position changed,
//     the table stopped or the server closed; Server.Close waits for it
//     too, through the table.Env's Searches;
//   - a connection's reader (Server.readWS) is started by its HTTP
//     handler, which returns at once so that net/http lets go of the
//     request; it ends with the connection or the server; it handles
//     each message on a goroutine that ends with it (apart), so that its
//     own stack stays small; its writer
//     (outbox.write) runs only while messages wait to be written, and ends
//     when none do, when a write fails, or once it has closed the
//     connection of a client the table drops (too slow to keep up, or the
//     table moved);
//   - the finished matches' worker (finishes.run, started by New) hands
//     each finished match to its reactions (Server.rateFinished); it ends
//     when Server.Close, after the tables', has waited for every match
//     announced to be handed over;
//   - a live channel's writer is its HTTP handler (liveHub.serve), and
//     its reader a goroutine of its own: both end with the connection or
//     the server, or when a push finds the channel too slow to keep up;
//   - a cluster's node (internal/cluster's doc) runs its lease loop,
//     started by Resume (cluster.Node.Start), until the server closes or
//     Close hands the node's tables over (cluster.Node.HandOver); the
//     tables it adopts run as any other (Server.start); the bus calls the
//     handlers of the server's own subjects (vacater.vacated, bells.rung)
//     on its own goroutines while the node runs;
//   - the clock's and the grace period's timers (Clock.AfterFunc) post one
//     message to their table and end, at once if the table has ended.
package server
