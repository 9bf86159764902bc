package tournament

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/tourney"
)

// champs is the championships: their HTTP and their ranking: the Domain's methods of this file, apart.
type champs struct{ *Domain }

// Limits of championships, stated in docs/tournaments.md.
const (
	// MaxChampionships is how many championships one organiser keeps.
	MaxChampionships = 20
	// MaxChampionshipTournaments is how many tournaments one groups: an
	// organiser keeps MaxTournaments.
	MaxChampionshipTournaments = MaxTournaments
)

type championshipBody struct {
	Name        string   `json:"name"`
	Prizes      string   `json:"prizes"`
	SkipWorst   int      `json:"skip_worst"`
	Tournaments []string `json:"tournaments"`
}

// decodeChampionship reads a new championship: its name, its prize method
// (one that adds up: not "none"), the worst results each player skips,
// and its first tournaments.
func decodeChampionship(data []byte) (carrom.Championship, error) {
	var b championshipBody
	if err := record.DecodeJSON(data, &b); err != nil {
		return carrom.Championship{}, httpapi.Refuse(ErrBad, "the request's body: %v", err)
	}
	c := carrom.Championship{SkipWorst: b.SkipWorst, Tournaments: b.Tournaments}
	var err error
	if c.Name, err = text("name", b.Name, true); err != nil {
		return c, err
	}
	m, err := tourney.ParsePrizeMethod(b.Prizes)
	if err != nil || m == tourney.NoPrizes {
		return c, httpapi.Refuse(ErrBad, "prizes %q: want fixed, fixed40, millesimal or centesimal, prizes that add up", b.Prizes)
	}
	c.Prizes = string(m)
	if c.SkipWorst < 0 || c.SkipWorst > MaxChampionshipTournaments {
		return c, httpapi.Refuse(ErrBad, "skip_worst: %d; want 0 to %d", c.SkipWorst, MaxChampionshipTournaments)
	}
	if len(c.Tournaments) > MaxChampionshipTournaments {
		return c, httpapi.RefuseCoded(ErrBad, "championship_full", map[string]any{"Max": MaxChampionshipTournaments}, "tournaments: %d; a championship groups %d at most", len(c.Tournaments), MaxChampionshipTournaments)
	}
	for i, t := range c.Tournaments {
		if slices.Contains(c.Tournaments[:i], t) {
			return c, httpapi.Refuse(ErrBad, "tournaments[%d]: %q is given twice", i, t)
		}
	}
	return c, nil
}

// ownTournament checks that the organiser organises tournament id.
func (d champs) ownTournament(r *http.Request, organiser, id string) error {
	t, err := d.env.Store.Tournament(r.Context(), id)
	if errors.Is(err, carrom.ErrNotFound) {
		return httpapi.RefuseCoded(ErrBad, "no_tournament_named", map[string]any{"Tournament": id}, "no tournament %q", id)
	}
	if err != nil {
		return err
	}
	if t.Organiser != organiser {
		return httpapi.RefuseCoded(ErrNotOrganiser, "not_your_tournament", map[string]any{"Tournament": id}, "tournament %q is not yours: a championship groups its organiser's own", id)
	}
	return nil
}

func (d champs) createChampionship(w http.ResponseWriter, r *http.Request) {
	a, ok := d.env.SignedIn(r)
	if !ok {
		httpapi.WriteError(w, ErrNotSignedIn)
		return
	}
	c, err := decoded(w, r, decodeChampionship)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	for _, t := range c.Tournaments {
		if err := d.ownTournament(r, a.ID, t); err != nil {
			httpapi.WriteError(w, err)
			return
		}
	}
	c.ID, c.Organiser, c.Created = newID(d.env.Seed), a.ID, d.env.Now()
	if err := d.env.Store.CreateChampionship(r.Context(), c, MaxChampionships); err != nil {
		if errors.Is(err, carrom.ErrLimit) {
			err = httpapi.RefuseCoded(ErrConflict, "championships_max", map[string]any{"Max": MaxChampionships}, "an organiser keeps %d championships at most", MaxChampionships)
		}
		httpapi.WriteError(w, err)
		return
	}
	d.answerChampionship(w, r, c.ID, http.StatusCreated)
}

// addToChampionship adds one of the organiser's tournaments to a
// championship of his.
func (d champs) addToChampionship(w http.ResponseWriter, r *http.Request) {
	a, ok := d.env.SignedIn(r)
	if !ok {
		httpapi.WriteError(w, ErrNotSignedIn)
		return
	}
	c, err := d.championship(r, r.PathValue("id"))
	if err == nil && c.Organiser != a.ID {
		err = httpapi.RefuseCoded(ErrNotOrganiser, "not_championship_organiser", nil, "only the championship's organiser may change it")
	}
	var b struct {
		Tournament string `json:"tournament"`
	}
	if err == nil {
		err = httpapi.ReadJSON(w, r, &b)
	}
	if err == nil {
		err = d.ownTournament(r, a.ID, b.Tournament)
	}
	if err == nil {
		err = d.env.Store.AddChampionshipTournament(r.Context(), c.ID, b.Tournament, MaxChampionshipTournaments)
		switch {
		case errors.Is(err, carrom.ErrDuplicate):
			err = httpapi.RefuseCoded(ErrConflict, "in_championship", map[string]any{"Tournament": b.Tournament}, "tournament %q is in the championship already", b.Tournament)
		case errors.Is(err, carrom.ErrLimit):
			err = httpapi.RefuseCoded(ErrConflict, "championship_full", map[string]any{"Max": MaxChampionshipTournaments}, "a championship groups %d tournaments at most", MaxChampionshipTournaments)
		}
	}
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	d.answerChampionship(w, r, c.ID, http.StatusOK)
}

// championship loads a championship; one that does not exist is a 404.
func (d champs) championship(r *http.Request, id string) (carrom.Championship, error) {
	c, err := d.env.Store.Championship(r.Context(), id)
	if errors.Is(err, carrom.ErrNotFound) {
		err = httpapi.WithStatus(httpapi.RefuseCoded(carrom.ErrNotFound, "no_championship", nil, "no such championship"), http.StatusNotFound)
	}
	return c, err
}

func (d champs) myChampionships(w http.ResponseWriter, r *http.Request) {
	a, ok := d.env.SignedIn(r)
	if !ok {
		httpapi.WriteError(w, ErrNotSignedIn)
		return
	}
	cs, err := d.env.Store.Championships(r.Context(), a.ID)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	type summary struct {
		ID     string `json:"id"`
		Name   string `json:"name"`
		Prizes string `json:"prizes"`
	}
	out := []summary{}
	for _, c := range cs {
		out = append(out, summary{c.ID, c.Name, c.Prizes})
	}
	httpapi.WriteJSON(w, http.StatusOK, out)
}

func (d champs) getChampionship(w http.ResponseWriter, r *http.Request) {
	d.answerChampionship(w, r, r.PathValue("id"), http.StatusOK)
}

// ChampionshipView is a championship's public page: its tournaments (a
// tournament not over yet is listed, not counted) and its ranking.
type ChampionshipView struct {
	ID          string                   `json:"id"`
	Name        string                   `json:"name"`
	Organiser   string                   `json:"organiser"`
	Mine        bool                     `json:"mine"`
	Prizes      string                   `json:"prizes"`
	SkipWorst   int                      `json:"skip_worst"`
	Tournaments []ChampionshipTournament `json:"tournaments"`
	Ranking     []ChampionshipLine       `json:"ranking"`
}

// ChampionshipTournament is a tournament of a championship.
type ChampionshipTournament struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Date    string `json:"date"`
	Counted bool   `json:"counted"` // over, so its prizes count
}

// ChampionshipLine is a player's line of the ranking: the prize won in
// each tournament ("" where absent or not counted), which were skipped
// as the worst, and the sum of the others.
type ChampionshipLine struct {
	Rank    int      `json:"rank"`
	Name    string   `json:"name"`
	Prizes  []string `json:"prizes"`
	Skipped []bool   `json:"skipped"`
	Total   string   `json:"total"`
	Played  int      `json:"played"`
}

// answerChampionship writes a championship with its ranking, summed over
// its tournaments that are over. A player is the same across them by
// name, in any case: an account's entry bears the account's name, so a
// guest of an imported tournament is the account of the same name.
func (d champs) answerChampionship(w http.ResponseWriter, r *http.Request, id string, code int) {
	c, err := d.championship(r, id)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	v := ChampionshipView{ID: c.ID, Name: c.Name, Prizes: c.Prizes, SkipWorst: c.SkipWorst, Mine: d.viewer(r) == c.Organiser,
		Tournaments: []ChampionshipTournament{}, Ranking: []ChampionshipLine{}}
	if a, err := d.env.Accounts.AccountByID(r.Context(), c.Organiser); err == nil {
		v.Organiser = a.Name
	}
	ch := &tourney.Championship{Method: tourney.PrizeMethod(c.Prizes), SkipWorst: c.SkipWorst}
	var counted []int // ch.Tournaments[k] is v.Tournaments[counted[k]]
	names := map[string]string{}
	for i, tid := range c.Tournaments {
		s, err := d.load(r.Context(), tid)
		if err != nil {
			httpapi.WriteError(w, err)
			return
		}
		ct := ChampionshipTournament{ID: tid, Name: s.t.Name, Date: s.t.Date, Counted: s.over()}
		v.Tournaments = append(v.Tournaments, ct)
		if !ct.Counted {
			continue
		}
		ids, err := s.finalRanking()
		if err != nil {
			ct.Counted = false
			continue
		}
		res := tourney.Result{Name: s.t.Name}
		for _, pidv := range ids {
			p, _ := s.player(num(pidv))
			key := strings.ToLower(p.Name)
			if slices.Contains(res.Ranking, key) {
				key += fmt.Sprintf(" #%d", p.Num)
			}
			names[key] = p.Name
			res.Ranking = append(res.Ranking, key)
		}
		ch.Tournaments = append(ch.Tournaments, res)
		counted = append(counted, i)
	}
	st, err := tourney.ChampionshipRanking(ch)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	for _, s := range st {
		line := ChampionshipLine{Rank: s.Rank, Name: names[s.ID], Prizes: make([]string, len(v.Tournaments)), Skipped: make([]bool, len(v.Tournaments)),
			Total: s.Total.String(), Played: s.Played}
		for k, t := range counted {
			if slices.Contains(ch.Tournaments[k].Ranking, s.ID) {
				line.Prizes[t] = s.Prizes[k].String()
			}
			line.Skipped[t] = s.Skipped[k]
		}
		v.Ranking = append(v.Ranking, line)
	}
	httpapi.WriteJSON(w, code, v)
}
