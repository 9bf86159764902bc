package carrom

import (
	"errors"
	"time"
)

// Tournament is an organiser's event as stored (internal/tournament holds
// its rules, tourney its pairings).
type Tournament struct {
	ID        string
	Organiser string // the organiser's account ID
	Name      string
	Date      string // YYYY-MM-DD
	Place     string
	Rules     string // "icf" or "family"
	Singles   bool
	System    string // tourney.Systems
	Method    string // a Swiss's tourney.Method, else ""
	Rounds    int    // how many rounds the organiser plans
	Win       int    // match points for a win, a draw, a loss
	Draw      int
	Loss      int
	Phantom   int    // what a player scores against the phantom
	Seed      uint64 // draws the first round among unrated players
	Created   time.Time
	// Format is the match format: "laws" (as the laws play a match) or
	// "bell" (a time limit per round, the score at the bell).
	Format string
	// A Swiss's pairing options, each a number of rounds (0: none), as
	// tourney.SwissOptions: the top players ordered by rating while at
	// most DelayTop rounds are played; compatriots and clubmates paired
	// after the others of their score group in rounds up to
	// AvoidCompatriots and AvoidClubmates.
	DelayTop, AvoidCompatriots, AvoidClubmates int
}

// TournamentPlayer is an entrant: an account's, or a guest (Account "").
// Num numbers the entrants from 1 in the order they entered.
type TournamentPlayer struct {
	Tournament string
	Num        int
	Account    string
	Name       string
	Club       string
	Country    string
	Rating     int  // 0: unrated
	Withdrawn  bool // paired no more
	// Entered is the number of rounds paired when the player entered: a
	// late entry joins with nothing.
	Entered int
}

// How a tournament match's result came.
const (
	ResultNone    = ""        // not yet played
	ResultPhantom = "phantom" // the phantom or a bye, scored at pairing
	ResultOnline  = "online"  // an online table's finished match
	ResultSheet   = "sheet"   // an umpire's scoresheet, signed
	ResultHand    = "hand"    // typed by the organiser
	ResultNoShow  = "noshow"  // a player never sat at the online table (ICF law 126)
)

// TournamentMatch is a match of a round on its board: B 0 is the phantom
// (a bye in a knockout). Score holds A's and B's once Source is not
// ResultNone; Table is its online table, or Sheet its umpire's scoresheet
// on a real board, if it has one.
type TournamentMatch struct {
	Tournament string
	Round      int
	Board      int
	A, B       int // players' Num
	Score      [2]int
	Source     string
	Table      string
	Sheet      string
}

// TournamentLog is a line of a tournament's log: what its organiser
// changed by hand (a pairing corrected, a result typed over another).
type TournamentLog struct {
	At    time.Time
	Round int
	Text  string
}

// ErrLimit refuses a tournament or an entrant past the organiser's limit.
var ErrLimit = errors.New("limit reached")
