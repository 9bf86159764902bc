package tournament

import (
	"context"
	"errors"
	"net/http"

	"github.com/carrom-game/carrom/internal/carrom"
	"github.com/carrom-game/carrom/internal/httpapi"
	"github.com/carrom-game/carrom/record"
	"github.com/carrom-game/carrom/tourney"
)

// finalsDesk is the finals and the prizes: the Domain's methods of this file, apart.
type finalsDesk struct{ *Domain }

// FinishStore keeps how tournaments finish (their finals and prizes) and
// the championships that group them.
type FinishStore interface {
	// TournamentFinals is a tournament's; one never set has no finals and
	// prizes "none".
	TournamentFinals(ctx context.Context, id string) (carrom.TournamentFinals, error)
	// SetTournamentFinals sets them; with unpaired, only while no round
	// after round swiss is stored (else carrom.ErrNotFound).
	SetTournamentFinals(ctx context.Context, id string, f carrom.TournamentFinals, unpaired bool, swiss int) error
	CreateChampionship(ctx context.Context, c carrom.Championship, max int) error
	AddChampionshipTournament(ctx context.Context, id, tournament string, max int) error
	Championship(ctx context.Context, id string) (carrom.Championship, error)
	Championships(ctx context.Context, organiser string) ([]carrom.Championship, error)
}

// routeFinish adds the routes of finals, prizes and championships.
func (d finalsDesk) routeFinish(mux *http.ServeMux) {
	mux.HandleFunc("POST /api/tournaments/{id}/finals", d.setFinals)
	mux.HandleFunc("POST /api/tournaments/{id}/finals/rounds", d.pairFinals)
	c := champs(d)
	mux.HandleFunc("POST /api/championships", c.createChampionship)
	mux.Handle("GET /api/championships", d.env.Session(c.myChampionships))
	mux.Handle("GET /api/championships/{id}", d.env.Session(c.getChampionship))
	mux.HandleFunc("POST /api/championships/{id}/tournaments", c.addToChampionship)
}

// FinalsView is how the tournament finishes: its finals after the Swiss
// (places 0: none) and its prize method.
type FinalsView struct {
	Places int    `json:"places"`
	BestOf int    `json:"best_of"`
	Prizes string `json:"prizes"`
	// Next says why the next finals round cannot be paired, "" if it can;
	// NextCode and NextParams say it for the page's catalogues, if coded.
	Next       string         `json:"next"`
	NextCode   string         `json:"next_code,omitempty"`
	NextParams map[string]any `json:"next_params,omitempty"`
}

// RankView is a line of the final ranking: the standings after the
// Swiss, its first places as the finals decided them, with each place's
// prize ("" for prizes "none").
type RankView struct {
	Place int    `json:"place"`
	Num   int    `json:"num"`
	Name  string `json:"name"`
	Prize string `json:"prize"`
}

// rule is the tournament's finals for package tourney, nil for none.
func (s *state) rule() *tourney.Finals {
	if s.finals.Places == 0 {
		return nil
	}
	return &tourney.Finals{Places: s.finals.Places, BestOf: s.finals.BestOf}
}

// finalsRounds are the rounds after the Swiss's, each match with a
// result.
func (s *state) finalsRounds() []tourney.Round {
	var out []tourney.Round
	for _, r := range s.rounds[min(len(s.rounds), s.t.Rounds):] {
		var round tourney.Round
		for _, m := range r {
			if m.Source != carrom.ResultNone {
				round.Matches = append(round.Matches, tourney.Match{A: pid(m.A), B: pid(m.B), Score: m.Score, Board: m.Board})
			}
		}
		out = append(out, round)
	}
	return out
}

// playedUp says why rounds up to n are not all played, or nil.
func (s *state) playedUp(n int) error {
	if len(s.rounds) < n {
		return httpapi.RefuseCoded(ErrConflict, "finals_after_swiss", map[string]any{"Rounds": s.t.Rounds, "Count": len(s.rounds)},
			"the finals follow the %d rounds of the swiss: %d are paired", s.t.Rounds, len(s.rounds))
	}
	for r := range n {
		for _, m := range s.rounds[r] {
			if s.pending(m) {
				return httpapi.RefuseCoded(ErrConflict, "round_unplayed_first", map[string]any{"Round": r + 1}, "round %d has matches without a result: enter them first", r+1)
			}
		}
	}
	return nil
}

// swissRanking is the ids by the standings of the Swiss's rounds.
func (s *state) swissRanking() []string {
	var ids []string
	for _, st := range tourney.Standings(s.tourney(), tourney.NoAdjustment) {
		ids = append(ids, st.ID)
	}
	return ids
}

// finalsSeeding is the Swiss's ranking as the finals take it
// (tourney.FinalsSeeding): the players of the finals' first round, once
// paired, keep their places.
func (s *state) finalsSeeding(f tourney.Finals) []string {
	var finalists []string
	if len(s.rounds) > s.t.Rounds {
		for _, m := range s.rounds[s.t.Rounds] {
			finalists = append(finalists, pid(m.A), pid(m.B))
		}
	}
	return tourney.FinalsSeeding(s.swissRanking(), f, finalists, withdrawn(s.players))
}

// finalsPairing is the next finals round's matches, or why there is none.
func (s *state) finalsPairing() ([]carrom.TournamentMatch, error) {
	f := s.rule()
	if f == nil {
		return nil, httpapi.RefuseCoded(ErrConflict, "no_finals", nil, "this tournament has no finals: choose them first")
	}
	if err := s.playedUp(s.t.Rounds); err != nil {
		return nil, err
	}
	if err := s.playedUp(len(s.rounds)); err != nil {
		return nil, err
	}
	ps, err := tourney.FinalsPairing(s.finalsSeeding(*f), *f, s.finalsRounds(), withdrawn(s.players)...)
	if err != nil {
		return nil, httpapi.RefuseCoded(ErrConflict, "finals_unpairable", map[string]any{"Detail": httpapi.Text(err)}, "the finals cannot be paired: %v", err)
	}
	if len(ps) == 0 {
		return nil, httpapi.RefuseCoded(ErrConflict, "finals_decided", nil, "the finals are decided")
	}
	round := len(s.rounds) + 1
	out := make([]carrom.TournamentMatch, len(ps))
	for i, p := range ps {
		out[i] = carrom.TournamentMatch{Tournament: s.t.ID, Round: round, Board: p.Board, A: num(p.A), B: num(p.B)}
	}
	return out, nil
}

// finalRanking is the ids best first: the Swiss's standings, the places
// of the finals (none withdrawn) decided as they were won.
func (s *state) finalRanking() ([]string, error) {
	f := s.rule()
	if f == nil {
		return s.swissRanking(), nil
	}
	ids := s.finalsSeeding(*f)
	if len(s.rounds) <= s.t.Rounds {
		return ids, nil
	}
	played := s.finalsRounds()
	if s.unplayed() > 0 {
		// A finals round still in play decides nothing yet.
		played = played[:len(played)-1]
	}
	return tourney.FinalRanking(ids, *f, played, withdrawn(s.players)...)
}

// over says whether the tournament is over: every round planned played,
// and its finals decided.
func (s *state) over() bool {
	if s.playedUp(s.t.Rounds) != nil || s.playedUp(len(s.rounds)) != nil {
		return false
	}
	if s.rule() == nil {
		return true
	}
	ps, err := tourney.FinalsPairing(s.finalsSeeding(*s.rule()), *s.rule(), s.finalsRounds(), withdrawn(s.players)...)
	return err == nil && len(ps) == 0
}

// withdrawn are the ids of the players withdrawn of players.
func withdrawn(players []carrom.TournamentPlayer) []string {
	var out []string
	for _, p := range players {
		if p.Withdrawn {
			out = append(out, pid(p.Num))
		}
	}
	return out
}

// pending says whether match m waits for its result: one without, save
// a final of a player withdrawn, which he forfeits unplayed.
func (s *state) pending(m carrom.TournamentMatch) bool {
	if m.Source != carrom.ResultNone {
		return false
	}
	if s.isFinal(m.Round) {
		for _, n := range []int{m.A, m.B} {
			if p, ok := s.player(n); ok && p.Withdrawn {
				return false
			}
		}
	}
	return true
}

// isFinal says whether round is one of the finals'.
func (s *state) isFinal(round int) bool { return round > s.t.Rounds }

// SourceWithdrawn is the source a view gives a final left unplayed by a
// withdrawn finalist, who forfeits it: no result is stored for it.
const SourceWithdrawn = "withdrawn"

// finish adds the finals, the final ranking and its prizes to v.
func (s *state) finish(v *View) {
	v.Finals = FinalsView{Places: s.finals.Places, BestOf: s.finals.BestOf, Prizes: s.finals.Prizes}
	if _, err := s.finalsPairing(); err != nil {
		v.Finals.Next = httpapi.Text(err)
		v.Finals.NextCode, v.Finals.NextParams = httpapi.Code(err)
	}
	for i := range v.Paired {
		r := &v.Paired[i]
		if !s.isFinal(r.Round) {
			continue
		}
		r.Final = r.Round - s.t.Rounds
		for j, m := range r.Matches {
			if m.Score == nil && !s.pending(carrom.TournamentMatch{Round: r.Round, A: m.A, B: m.B}) {
				r.Matches[j].Source = SourceWithdrawn
			}
		}
	}
	v.Ranking = []RankView{}
	ids, err := s.finalRanking()
	if err != nil {
		// Finals that no longer follow the standings (a Swiss result typed
		// over after them): the standings stand, and the page says why.
		v.Finals.Next = "the finals do not follow the standings: " + err.Error()
		ids = s.swissRanking()
	}
	prizes, _ := tourney.Prizes(tourney.PrizeMethod(s.finals.Prizes), len(ids))
	for i, id := range ids {
		r := RankView{Place: i + 1, Num: num(id), Name: s.name(num(id))}
		if s.finals.Prizes != string(tourney.NoPrizes) && i < len(prizes) {
			r.Prize = prizes[i].String()
		}
		v.Ranking = append(v.Ranking, r)
	}
}

type finalsBody struct {
	Places *int    `json:"places"`
	BestOf *int    `json:"best_of"`
	Prizes *string `json:"prizes"`
}

// decodeFinals reads a change of how a tournament finishes over the
// current one: each field optional.
func decodeFinals(data []byte, cur carrom.TournamentFinals) (carrom.TournamentFinals, error) {
	var b finalsBody
	if err := record.DecodeJSON(data, &b); err != nil {
		return cur, httpapi.Refuse(ErrBad, "the request's body: %v", err)
	}
	f := cur
	if b.Places != nil {
		f.Places = *b.Places
	}
	if b.BestOf != nil {
		f.BestOf = *b.BestOf
	}
	if f.Places != 0 {
		if err := (tourney.Finals{Places: f.Places, BestOf: f.BestOf}).Validate(); err != nil {
			return cur, httpapi.Refuse(ErrBad, "places %d, best_of %d: want places 0 (no finals), 2 (1st v 2nd) or 4 (and 3rd v 4th), best_of 1 or 3", f.Places, f.BestOf)
		}
	} else if f.BestOf != 1 && f.BestOf != 3 {
		return cur, httpapi.Refuse(ErrBad, "best_of %d: want 1 or 3", f.BestOf)
	}
	if b.Prizes != nil {
		m, err := tourney.ParsePrizeMethod(*b.Prizes)
		if err != nil {
			return cur, httpapi.Refuse(ErrBad, "prizes: %v", err)
		}
		f.Prizes = string(m)
	}
	return f, nil
}

// setFinals chooses the finals after the Swiss and the prize method; the
// finals stay once paired, the prizes may change until the end.
func (d finalsDesk) setFinals(w http.ResponseWriter, r *http.Request) {
	s, _, err := d.organised(r)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	f, err := decoded(w, r, func(data []byte) (carrom.TournamentFinals, error) { return decodeFinals(data, s.finals) })
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	if f.Places != 0 && s.t.System != "swiss" {
		httpapi.WriteError(w, httpapi.Refuse(ErrBad, "finals follow a swiss; this tournament is a %s", s.t.System))
		return
	}
	changed := f.Places != s.finals.Places || f.BestOf != s.finals.BestOf
	if err := d.env.Store.SetTournamentFinals(r.Context(), s.t.ID, f, changed, s.t.Rounds); err != nil {
		if errors.Is(err, carrom.ErrNotFound) {
			err = httpapi.RefuseCoded(ErrConflict, "finals_paired", nil, "the finals are paired: they stay as they are")
		}
		httpapi.WriteError(w, err)
		return
	}
	d.answer(w, r, s.t.ID, http.StatusOK)
}

// pairFinals pairs the next finals round, once the Swiss is played: one
// match of each final not yet decided, played as any round (online, on a
// scoresheet or typed).
func (d finalsDesk) pairFinals(w http.ResponseWriter, r *http.Request) {
	s, _, err := d.organised(r)
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	ms, err := s.finalsPairing()
	if err != nil {
		httpapi.WriteError(w, err)
		return
	}
	if err := d.env.Store.AddTournamentRound(r.Context(), s.t.ID, len(s.rounds)+1, ms); err != nil {
		if errors.Is(err, carrom.ErrDuplicate) {
			err = httpapi.RefuseCoded(ErrConflict, "finals_round_just_paired", map[string]any{"Round": len(s.rounds) + 1 - s.t.Rounds}, "finals round %d has just been paired", len(s.rounds)+1-s.t.Rounds)
		}
		httpapi.WriteError(w, err)
		return
	}
	d.answer(w, r, s.t.ID, http.StatusCreated)
}
