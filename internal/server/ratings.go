package server

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"net/http"
	"slices"
	"strings"

	"github.com/carrom-game/carrom/game"
	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/protocol"
	"github.com/carrom-game/carrom/internal/rating"
)

// ratedRules and sidesRules are the rule sets with ratings, and those of
// them played by sides, so also in doubles (rating.Rules, rating.SidesRules).
var ratedRules, sidesRules = rating.Rules, rating.SidesRules

// checkRated refuses a rated table that cannot be rated: one without
// accounts on the server, with a computer seat (its levels are unrated,
// docs/accounts.md says why), or of a rule set without ratings.
func (s *Server) checkRated(cfg protocol.TableConfig) error {
	if !cfg.Rated {
		return nil
	}
	switch {
	case s.accounts == nil:
		return fmt.Errorf("server: this server keeps no accounts, so no ratings: %w", ErrBadConfig)
	case !slices.Contains(ratedRules, cfg.Rules):
		return fmt.Errorf("server: rules %q are not rated (rated: %s): %w", cfg.Rules, strings.Join(ratedRules, ", "), ErrBadConfig)
	}
	if !slices.Contains(sidesRules, cfg.Rules) && cfg.Players != 2 {
		return fmt.Errorf("server: rules %q are rated between two players only: %w", cfg.Rules, ErrBadConfig)
	}
	for i, sc := range cfg.Seats {
		if sc.Kind != protocol.SeatHuman {
			return fmt.Errorf("server: seat %d: a rated match is between accounts; the computer levels are unrated: %w", i, ErrBadConfig)
		}
	}
	return nil
}

// noPlayer is the answer to a name that finds no account.
func noPlayer(name string, err error) error {
	if errors.Is(err, carrom.ErrNotFound) {
		return httpapi.Refuse(carrom.ErrNotFound, "no player is named %q", name)
	}
	return err
}

// ErrNotInvited refuses a seat or an answer to someone it is not for.
var ErrNotInvited = httpapi.New(http.StatusForbidden, "not for this account")

// mayRate checks that the browser of token may sit at seat of a rated
// table: it holds the session of an account (the one it plays as, not the
// one its token was once linked to) that holds no other seat there. It
// returns the account.
func (t *table) mayRate(ctx context.Context, seat int, token string) (account.Account, error) {
	a, err := t.env.players.PlaysAs(ctx, token)
	if errors.Is(err, carrom.ErrNotFound) {
		return a, fmt.Errorf("server: a rated match needs an account: sign in: %w", ErrNotSignedIn)
	}
	if err != nil {
		return a, err
	}
	for i, o := range t.seats {
		if i == seat || o.token == "" {
			continue
		}
		if o.token == token {
			return a, fmt.Errorf("server: in a rated match one account plays one seat: %w", ErrSeatTaken)
		}
		if b, err := t.env.players.PlaysAs(ctx, o.token); err == nil && b.ID == a.ID {
			return a, fmt.Errorf("server: in a rated match one account plays one seat: %w", ErrSeatTaken)
		}
	}
	return a, nil
}

// countPlay counts a stroke, and a board it finished, toward the rating's
// threshold (rating.TooShort).
func (t *table) countPlay(before, after game.Table, a game.Action) {
	if a.Kind != game.Strike {
		return
	}
	t.strokes++
	b, n := before.Match(), after.Match()
	if after.ToAct().Need == game.NeedNothing || b.Game != n.Game || b.Board.Number != n.Board.Number {
		t.boards++
	}
}

// checkCap, when a rated match begins, tells its players if it will be
// played unrated because two of its opponents have played their rated
// matches of the day against each other (rating.PerPair).
func (t *table) checkCap(ctx context.Context) {
	if !t.cfg.Rated || t.env.accounts == nil {
		return
	}
	now := t.env.clock.Now()
	ids := make([]account.Account, len(t.seats))
	for i, s := range t.seats {
		a, err := t.env.players.PlaysAs(ctx, s.token)
		if err != nil {
			return
		}
		ids[i] = a
	}
	for i := range ids {
		for j := i + 1; j < len(ids); j++ {
			if i%2 == j%2 {
				continue
			}
			n, err := t.env.accounts.RatedBetween(ctx, ids[i].ID, ids[j].ID, rating.Day(now))
			if err != nil {
				t.log.Warn("counting the rated matches of a pair", "err", err)
				return
			}
			if n >= rating.PerPair {
				t.unrated = fmt.Sprintf("%s and %s have played %d rated matches against each other today, the most a day: this match is not rated", ids[i].Name, ids[j].Name, n)
				return
			}
		}
	}
}

// rateFinished rates a rated table's finished match, from the accounts
// whose sessions its seats' browsers hold now: a seat whose browser has
// signed out, been signed out by a new password, or signed in as another
// account than the one that took the seat leaves the match unrated, and
// so do a match too short (rating.TooShort) and one past its pair's rated
// matches of the day (rating.PerPair). Why is told the table's players.
func (s *Server) rateFinished(ctx context.Context, f matchFinished) {
	if !f.Rated || s.accounts == nil || f.Winner < 0 {
		return
	}
	log := s.log.With("table", f.Table)
	unrated := s.rateTable(ctx, log, f)
	if unrated == "" {
		return
	}
	if t := s.table(f.Table); t != nil {
		t.post(unratedNote{why: unrated})
	}
}

// rateTable rates a finished match of a table; it returns why the match
// is not rated, or "".
func (s *Server) rateTable(ctx context.Context, log *slog.Logger, f matchFinished) string {
	if why := rating.TooShort(f.Strokes, f.Boards); why != "" {
		log.Info("a rated match left unrated: too short", "strokes", f.Strokes)
		return why
	}
	m := carrom.RatedMatch{TableID: f.Table, Rules: f.Rules, Winner: f.Winner, At: f.At, PerPair: rating.PerPair}
	for i, seat := range f.Seats {
		a, err := s.acct.PlaysAs(ctx, seat.Token)
		if err == nil && a.Name != seat.Nickname {
			err = fmt.Errorf("the seat was taken by %q, its browser plays as %q now", seat.Nickname, a.Name)
		}
		if err != nil {
			log.Warn("a rated match left unrated: a seat's browser holds no session of its account", "seat", i, "err", err)
			return fmt.Sprintf("not rated: the browser of seat %d is no longer signed in as the account that took it", i)
		}
		m.Sides[i%2] = append(m.Sides[i%2], a.ID)
	}
	changes, err := s.RateMatch(ctx, m)
	if errors.Is(err, carrom.ErrRatingCap) {
		log.Info("a rated match left unrated: the pair's rated matches of the day are played")
		return fmt.Sprintf("not rated: two of its players have played %d rated matches against each other today, the most a day", rating.PerPair)
	}
	if err != nil {
		log.Error("rating the match", "err", err)
		return ""
	}
	log.Info("match rated", "changes", len(changes))
	return ""
}

// unratedNote tells a table why its match, over, is not rated.
type unratedNote struct{ why string }

// RateMatch rates a finished match between accounts under a rule set (an
// online table or a real board's) by the rating's policy (rating.Rate),
// in one transaction of the store. A match rated already is not rated
// again.
func (s *Server) RateMatch(ctx context.Context, m carrom.RatedMatch) ([]carrom.RatingChange, error) {
	if s.accounts == nil {
		return nil, fmt.Errorf("server: this server keeps no accounts: %w", ErrBadConfig)
	}
	if err := rating.Check(m); err != nil {
		return nil, fmt.Errorf("server: %v: %w", err, ErrBadConfig)
	}
	var changes []carrom.RatingChange
	err := s.accounts.Rate(ctx, func(l rating.Ledger) error {
		var err error
		changes, err = rating.Rate(l, m)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("server: rate match %s: %w", m.TableID, err)
	}
	return changes, nil
}

func pool(r *http.Request) (carrom.Pool, error) {
	p := carrom.Pool{Rules: r.URL.Query().Get("rules"), Format: r.URL.Query().Get("format")}
	if p.Rules == "" {
		p.Rules = "icf"
	}
	if p.Format == "" {
		p.Format = "singles"
	}
	if !slices.Contains(ratedRules, p.Rules) || (p.Format != "singles" && p.Format != "doubles") {
		return p, httpapi.Refuse(httpapi.ErrBadRequest, "ratings are kept for the rules %s, in the format singles or doubles, not rules %q, format %q",
			strings.Join(ratedRules, ", "), p.Rules, p.Format)
	}
	return p, nil
}

type ratingJSON struct {
	Rules  string  `json:"rules"`
	Format string  `json:"format"`
	Name   string  `json:"name"`
	Rank   int     `json:"rank,omitempty"`
	R      float64 `json:"rating"`
	RD     float64 `json:"rd"`
	Games  int     `json:"games"`
}

func ratingOut(r carrom.Rating) ratingJSON {
	return ratingJSON{Rules: r.Rules, Format: r.Format, Name: r.Name, R: round1(r.R), RD: round1(r.RD), Games: r.Games}
}

// round1 and round3 round to one and three decimals, halves away from
// zero, so that a loss shows as far from zero as the gain of the same size.
func round1(x float64) float64 { return math.Round(x*10) / 10 }

func (s *Server) leaderboard(w http.ResponseWriter, r *http.Request) {
	p, err := pool(r)
	if err != nil {
		apiError(w, err)
		return
	}
	rs, err := s.accounts.Leaderboard(r.Context(), p, 100)
	if err != nil {
		apiError(w, err)
		return
	}
	out := []ratingJSON{}
	for i, rt := range rs {
		j := ratingOut(rt)
		j.Rank = i + 1
		out = append(out, j)
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"rules": p.Rules, "format": p.Format, "ratings": out})
}

// current is an account's rating in a pool and its rated games, or a new
// player's.
func (s *Server) current(ctx context.Context, accountID string, p carrom.Pool) (rating.Player, int, error) {
	rs, err := s.accounts.Ratings(ctx, accountID)
	if err != nil {
		return rating.Player{}, 0, err
	}
	for _, r := range rs {
		if r.Pool == p {
			return rating.Player{R: r.R, RD: r.RD, Vol: r.Vol}, r.Games, nil
		}
	}
	return rating.New(), 0, nil
}

// expected answers the score each side expects in a rated match between
// named players: ?players=a,b (singles) or a,b,c,d (doubles, sides by
// seat: a and c against b and d).
func (s *Server) expected(w http.ResponseWriter, r *http.Request) {
	names := strings.Split(r.URL.Query().Get("players"), ",")
	if len(names) != 2 && len(names) != 4 {
		apiError(w, httpapi.Refuse(httpapi.ErrBadRequest, "players=a,b for singles, or a,b,c,d for doubles (a and c against b and d)"))
		return
	}
	q := r.URL.Query()
	if q.Get("format") == "" {
		q.Set("format", map[int]string{2: "singles", 4: "doubles"}[len(names)])
		r.URL.RawQuery = q.Encode()
	}
	p, err := pool(r)
	if err != nil {
		apiError(w, err)
		return
	}
	var sides [2][]rating.Player
	var ratings []ratingJSON
	for i, n := range names {
		a, err := s.accounts.AccountByName(r.Context(), n)
		if err != nil {
			apiError(w, noPlayer(n, err))
			return
		}
		pl, games, err := s.current(r.Context(), a.ID, p)
		if err != nil {
			apiError(w, err)
			return
		}
		sides[i%2] = append(sides[i%2], pl)
		ratings = append(ratings, ratingJSON{Rules: p.Rules, Format: p.Format, Name: a.Name, R: round1(pl.R), RD: round1(pl.RD), Games: games})
	}
	e := rating.Expected(rating.Team(sides[0]), rating.Team(sides[1]))
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"rules": p.Rules, "format": p.Format, "players": ratings,
		"expected": []float64{round3(e), round3(1 - e)}})
}

func round3(x float64) float64 { return math.Round(x*1000) / 1000 }

// ratingChart draws a player's rating after each rated match of a pool as
// an SVG: the rating as a line within its ± 2 RD band.
func (s *Server) ratingChart(w http.ResponseWriter, r *http.Request) {
	p, err := pool(r)
	if err != nil {
		apiError(w, err)
		return
	}
	a, err := s.accounts.AccountByName(r.Context(), r.PathValue("name"))
	if err != nil {
		apiError(w, noPlayer(r.PathValue("name"), err))
		return
	}
	pts, err := s.accounts.RatingHistory(r.Context(), a.ID, p)
	if err != nil {
		apiError(w, err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write([]byte(chart(pts, p)))
}

// chart is the SVG of a rating history, 600×240: the rating after each
// match, its ± 2 RD as a band and a bar, the scale's extremes and the
// matches' count as labels.
func chart(pts []carrom.RatingPoint, p carrom.Pool) string {
	const W, H, left, right, top, bottom = 600.0, 240.0, 48.0, 12.0, 12.0, 28.0
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %g %g" width="%g" height="%g" font-family="sans-serif" font-size="12">`, W, H, W, H)
	fmt.Fprintf(&b, `<title>Rating, %s %s</title><rect width="%g" height="%g" fill="#fbf4e4"/>`, p.Rules, p.Format, W, H)
	if len(pts) == 0 {
		fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="middle" fill="#5a4630">No rated match yet</text></svg>`, W/2, H/2)
		return b.String()
	}
	lo, hi := pts[0].R, pts[0].R
	for _, pt := range pts {
		lo, hi = min(lo, pt.R-2*pt.RD), max(hi, pt.R+2*pt.RD)
	}
	lo, hi = float64(int(lo/50)-1)*50, float64(int(hi/50)+1)*50
	x := func(i int) float64 {
		if len(pts) == 1 {
			return left + (W-left-right)/2
		}
		return left + float64(i)*(W-left-right)/float64(len(pts)-1)
	}
	y := func(v float64) float64 { return top + (hi-v)/(hi-lo)*(H-top-bottom) }
	var band, line []string
	for i, pt := range pts {
		band = append(band, fmt.Sprintf("%.1f,%.1f", x(i), y(pt.R+2*pt.RD)))
		line = append(line, fmt.Sprintf("%.1f,%.1f", x(i), y(pt.R)))
	}
	for i := len(pts) - 1; i >= 0; i-- {
		band = append(band, fmt.Sprintf("%.1f,%.1f", x(i), y(pts[i].R-2*pts[i].RD)))
	}
	fmt.Fprintf(&b, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#5a4630"/>`, left, H-bottom, W-right, H-bottom)
	fmt.Fprintf(&b, `<line x1="%g" y1="%g" x2="%g" y2="%g" stroke="#5a4630"/>`, left, top, left, H-bottom)
	for _, v := range []float64{lo, (lo + hi) / 2, hi} {
		fmt.Fprintf(&b, `<text x="%g" y="%.1f" text-anchor="end" fill="#5a4630">%.0f</text>`, left-4, y(v)+4, v)
	}
	fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="end" fill="#5a4630">%d rated match%s</text>`, W-right, H-8, len(pts), map[bool]string{true: "", false: "es"}[len(pts) == 1])
	fmt.Fprintf(&b, `<polygon points="%s" fill="#e4c98f" fill-opacity="0.6"><title>± 2 RD</title></polygon>`, strings.Join(band, " "))
	fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#8a2c0d" stroke-width="2"/>`, strings.Join(line, " "))
	for i, pt := range pts {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#8a2c0d" stroke-opacity="0.5"/>`, x(i), y(pt.R+2*pt.RD), x(i), y(pt.R-2*pt.RD))
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="4" fill="#8a2c0d"><title>%s: %.0f ± %.0f</title></circle>`, x(i), y(pt.R), pt.At.Format("2006-01-02"), pt.R, 2*pt.RD)
	}
	b.WriteString(`</svg>`)
	return b.String()
}
