// Package ratinghttp serves the ratings over HTTP (docs/accounts.md): a
// pool's leaderboard (GET /api/leaderboard), the score each side expects
// in a match between named players (GET /api/expected), and a player's
// rating history as an SVG chart (GET /api/players/{name}/rating.svg).
//
// The Glicko-2 and the rating's policy are package rating's, which knows
// no HTTP (internal/archtest); the rating of a finished match stays with
// the server, which runs the policy off the tables' goroutines when a
// match ends. This package gets only the store's accounts and ratings, in
// its Env.
package ratinghttp
