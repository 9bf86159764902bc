// Package umpirehttp serves the umpires' scoresheets of real boards over
// HTTP (/api/umpire and below, docs/umpire.md): a sheet opened by one
// browser, its numbered entries, its views as JSON, referee input lines
// and printed text, and a rated sheet's confirmations by its players'
// accounts, after which the match is rated.
//
// The sheet itself is package umpire's; this package is its HTTP and the
// state each server keeps of the sheets used lately (cache.go), so that an
// entry applies one operation, never the log. It gets what it needs of
// the server in its Env: the store's sheet methods, the accounts by name,
// the rating of a match, who a request comes from, the clock, the log and
// the metrics' registry. It is kept out of package umpire so that the
// sheet, which the command line's referee and the store's rows use, knows
// no HTTP (internal/archtest).
package umpirehttp
