package store

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
)

// TestChampionshipsAndFinals: a tournament's finals and prizes are read
// back (a default without a row), kept once its finals are paired when
// asked; a championship keeps its tournaments in order, refuses one twice
// and past its limits, and goes with its organiser's account, its
// tournaments' rows with them — on both databases.
func TestChampionshipsAndFinals(t *testing.T) {
	eachOpenStore(t, func(t *testing.T, ctx context.Context, st *DB) {
		if err := st.CreateAccount(ctx, account.Account{ID: "org", Name: "org", Password: "h", Created: at}, ""); err != nil {
			t.Fatal(err)
		}
		for _, id := range []string{"t1", "t2", "t3"} {
			tn := carrom.Tournament{ID: id, Organiser: "org", Name: id, Date: "2026-05-01", Rules: "icf", Singles: true, System: "swiss", Method: "dutch", Rounds: 1, Win: 2, Draw: 1, Created: at}
			if err := st.CreateTournament(ctx, tn, 10); err != nil {
				t.Fatal(err)
			}
		}
		if f, err := st.TournamentFinals(ctx, "t1"); err != nil || f != (carrom.TournamentFinals{BestOf: 1, Prizes: "none"}) {
			t.Errorf("the finals never set: %+v, %v", f, err)
		}
		fin := carrom.TournamentFinals{Places: 2, BestOf: 3, Prizes: "fixed"}
		if err := st.SetTournamentFinals(ctx, "t1", fin, true, 1); err != nil {
			t.Fatal(err)
		}
		if err := st.AddTournamentRound(ctx, "t1", 1, []carrom.TournamentMatch{{Board: 1, A: 1, B: 2}}); err != nil {
			t.Fatal(err)
		}
		if err := st.SetTournamentFinals(ctx, "t1", carrom.TournamentFinals{Places: 4, BestOf: 1, Prizes: "fixed"}, true, 1); err != nil {
			t.Errorf("finals changed before they are paired: %v", err)
		}
		if err := st.AddTournamentRound(ctx, "t1", 2, []carrom.TournamentMatch{{Board: 1, A: 1, B: 2}}); err != nil {
			t.Fatal(err)
		}
		if err := st.SetTournamentFinals(ctx, "t1", fin, true, 1); !errors.Is(err, carrom.ErrNotFound) {
			t.Errorf("finals changed once paired: %v; want ErrNotFound", err)
		}
		fin.Places, fin.BestOf, fin.Prizes = 4, 1, "centesimal"
		if err := st.SetTournamentFinals(ctx, "t1", fin, false, 1); err != nil {
			t.Fatal(err)
		}
		if f, err := st.TournamentFinals(ctx, "t1"); err != nil || f != fin {
			t.Errorf("the finals: %+v, %v; want %+v", f, err, fin)
		}

		c := carrom.Championship{ID: "c1", Organiser: "org", Name: "Tour", Prizes: "fixed", SkipWorst: 1, Tournaments: []string{"t2", "t1"}, Created: at}
		if err := st.CreateChampionship(ctx, c, 1); err != nil {
			t.Fatal(err)
		}
		second := c
		second.ID = "c2"
		if err := st.CreateChampionship(ctx, second, 1); !errors.Is(err, carrom.ErrLimit) {
			t.Errorf("a second championship past a limit of 1: %v; want ErrLimit", err)
		}
		if err := st.AddChampionshipTournament(ctx, "c1", "t1", 5); !errors.Is(err, carrom.ErrDuplicate) {
			t.Errorf("a tournament added twice: %v; want ErrDuplicate", err)
		}
		if err := st.AddChampionshipTournament(ctx, "c1", "t3", 2); !errors.Is(err, carrom.ErrLimit) {
			t.Errorf("a third tournament past a limit of 2: %v; want ErrLimit", err)
		}
		if err := st.AddChampionshipTournament(ctx, "c1", "t3", 3); err != nil {
			t.Fatal(err)
		}
		got, err := st.Championship(ctx, "c1")
		if err != nil || got.Name != "Tour" || got.Prizes != "fixed" || got.SkipWorst != 1 || !got.Created.Equal(at) || !slices.Equal(got.Tournaments, []string{"t2", "t1", "t3"}) {
			t.Errorf("Championship = %+v, %v", got, err)
		}
		if list, err := st.Championships(ctx, "org"); err != nil || len(list) != 1 || list[0].ID != "c1" {
			t.Errorf("Championships(org) = %+v, %v", list, err)
		}
		if _, err := st.Championship(ctx, "nope"); !errors.Is(err, carrom.ErrNotFound) {
			t.Errorf("an unknown championship: %v", err)
		}
		if _, err := st.DeleteAccount(ctx, "org"); err != nil {
			t.Fatal(err)
		}
		if _, err := st.Championship(ctx, "c1"); !errors.Is(err, carrom.ErrNotFound) {
			t.Errorf("the championship of a deleted organiser: %v; want it gone", err)
		}
	})
}
