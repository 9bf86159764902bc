package ratinghttp

import (
	"context"
	"fmt"
	"html"
	"net/http"
	"slices"
	"strings"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/internal/i18n"
	"github.com/carrom-game/carrom/internal/rating"
)

// Store reads the accounts and their ratings; the server implements it
// on internal/store. An account that does not exist is carrom.ErrNotFound.
type Store interface {
	// Player is the ID of the account named name (in any case) and its
	// name as the account spells it.
	Player(ctx context.Context, name string) (id, spelled string, err error)
	Ratings(ctx context.Context, accountID string) ([]rating.Rating, error)
	Leaderboard(ctx context.Context, pool rating.Pool, limit int) ([]rating.Rating, error)
	RatingHistory(ctx context.Context, accountID string, pool rating.Pool) ([]rating.Point, error)
}

// Env is what the ratings' HTTP needs of the server.
type Env struct {
	Store Store
}

// Ratings serves the ratings: the leaderboards, the score expected
// between players, a player's rating history as a chart.
type Ratings struct{ env Env }

// New makes the ratings' handlers.
func New(env Env) *Ratings { return &Ratings{env: env} }

// fail answers an error as JSON in plain words, with its status.
func fail(w http.ResponseWriter, err error) {
	httpapi.WriteError(w, httpapi.Known(err, httpapi.Kind{Err: carrom.ErrNotFound, Status: http.StatusNotFound}))
}

func pool(r *http.Request) (rating.Pool, error) {
	p := rating.Pool{Rules: r.URL.Query().Get("rules"), Format: r.URL.Query().Get("format")}
	if p.Rules == "" {
		p.Rules = "icf"
	}
	if p.Format == "" {
		p.Format = "singles"
	}
	if !slices.Contains(rating.Rules, p.Rules) || (p.Format != "singles" && p.Format != "doubles") {
		return p, httpapi.Refuse(httpapi.ErrBadRequest, "ratings are kept for the rules %s, in the format singles or doubles, not rules %q, format %q",
			strings.Join(rating.Rules, ", "), p.Rules, p.Format)
	}
	return p, nil
}

// Leaderboard answers GET /api/leaderboard?rules=&format=: the pool's
// 100 best ratings.
func (h *Ratings) Leaderboard(w http.ResponseWriter, r *http.Request) {
	p, err := pool(r)
	if err != nil {
		fail(w, err)
		return
	}
	rs, err := h.env.Store.Leaderboard(r.Context(), p, 100)
	if err != nil {
		fail(w, err)
		return
	}
	out := []rating.Shown{}
	for i, rt := range rs {
		j := rating.Show(rt)
		j.Rank = i + 1
		out = append(out, j)
	}
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"rules": p.Rules, "format": p.Format, "ratings": out})
}

// Current is an account's rating in a pool and its rated games, or a new
// player's.
func (h *Ratings) Current(ctx context.Context, accountID string, p rating.Pool) (rating.Player, int, error) {
	rs, err := h.env.Store.Ratings(ctx, accountID)
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

// Expected answers the score each side expects in a rated match between
// named players: ?players=a,b (singles) or a,b,c,d (doubles, sides by
// seat: a and c against b and d).
func (h *Ratings) Expected(w http.ResponseWriter, r *http.Request) {
	names := strings.Split(r.URL.Query().Get("players"), ",")
	if len(names) != 2 && len(names) != 4 {
		fail(w, httpapi.Refuse(httpapi.ErrBadRequest, "players=a,b for singles, or a,b,c,d for doubles (a and c against b and d)"))
		return
	}
	q := r.URL.Query()
	if q.Get("format") == "" {
		q.Set("format", map[int]string{2: "singles", 4: "doubles"}[len(names)])
		r.URL.RawQuery = q.Encode()
	}
	p, err := pool(r)
	if err != nil {
		fail(w, err)
		return
	}
	var sides [2][]rating.Player
	var ratings []rating.Shown
	for i, n := range names {
		id, name, err := h.env.Store.Player(r.Context(), n)
		if err != nil {
			fail(w, httpapi.RefuseIf(err, carrom.ErrNotFound, "no player is named %q", n))
			return
		}
		pl, games, err := h.Current(r.Context(), id, p)
		if err != nil {
			fail(w, err)
			return
		}
		sides[i%2] = append(sides[i%2], pl)
		ratings = append(ratings, rating.Shown{Rules: p.Rules, Format: p.Format, Name: name, R: rating.Round1(pl.R), RD: rating.Round1(pl.RD), Games: games})
	}
	e := rating.Expected(rating.Team(sides[0]), rating.Team(sides[1]))
	httpapi.WriteJSON(w, http.StatusOK, map[string]any{"rules": p.Rules, "format": p.Format, "players": ratings,
		"expected": []float64{rating.Round3(e), rating.Round3(1 - e)}})
}

// Chart draws a player's rating after each rated match of a pool as
// an SVG: the rating as a line within its ± 2 RD band.
func (h *Ratings) Chart(w http.ResponseWriter, r *http.Request) {
	p, err := pool(r)
	if err != nil {
		fail(w, err)
		return
	}
	id, name, err := h.env.Store.Player(r.Context(), r.PathValue("name"))
	if err != nil {
		fail(w, httpapi.RefuseIf(err, carrom.ErrNotFound, "no player is named %q", r.PathValue("name")))
		return
	}
	pts, err := h.env.Store.RatingHistory(r.Context(), id, p)
	if err != nil {
		fail(w, err)
		return
	}
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "no-cache")
	// The page names its language (?lang=), so that the image's address
	// differs by language as its words do.
	lang := i18n.Choose(r.URL.Query().Get("lang"), r.Header.Get("Accept-Language")).Tag
	say := func(id string, data map[string]any) string { return html.EscapeString(i18n.Localize(lang, id, data)) }
	w.Write([]byte(chart(pts, p, name, say)))
}

// poolName is a pool in words: "ICF singles".
func poolName(p rating.Pool, say func(string, map[string]any) string) string {
	return say("ratings.pool", map[string]any{"Rules": say("ratings.rules."+p.Rules, nil), "Format": say("ratings."+p.Format, nil)})
}

// chart is the SVG of a rating history, 600×240: the rating after each
// match, its ± 2 RD as a band and a bar, the scale's extremes and the
// matches' count as labels; its words are say's, escaped.
func chart(pts []rating.Point, p rating.Pool, name string, say func(string, map[string]any) string) string {
	const W, H, left, right, top, bottom = 600.0, 240.0, 48.0, 12.0, 12.0, 28.0
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %g %g" width="%g" height="%g" font-family="sans-serif" font-size="12">`, W, H, W, H)
	fmt.Fprintf(&b, `<title>%s</title><rect width="%g" height="%g" fill="#fbf4e4"/>`, say("profile.chart", map[string]any{"Name": name, "Pool": poolName(p, say)}), W, H)
	if len(pts) == 0 {
		fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="middle" fill="#5a4630">%s</text></svg>`, W/2, H/2, say("profile.noRated", nil))
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
	fmt.Fprintf(&b, `<text x="%g" y="%g" text-anchor="end" fill="#5a4630">%s</text>`, W-right, H-8, say("profile.ratedMatches", map[string]any{"Count": len(pts)}))
	fmt.Fprintf(&b, `<polygon points="%s" fill="#e4c98f" fill-opacity="0.6"><title>± 2 RD</title></polygon>`, strings.Join(band, " "))
	fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#8a2c0d" stroke-width="2"/>`, strings.Join(line, " "))
	for i, pt := range pts {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#8a2c0d" stroke-opacity="0.5"/>`, x(i), y(pt.R+2*pt.RD), x(i), y(pt.R-2*pt.RD))
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="4" fill="#8a2c0d"><title>%s: %.0f ± %.0f</title></circle>`, x(i), y(pt.R), pt.At.Format("2006-01-02"), pt.R, 2*pt.RD)
	}
	b.WriteString(`</svg>`)
	return b.String()
}
