package store

import (
	"context"
	"errors"
	"testing"

	"github.com/carrom-game/carrom/internal/account"
	"github.com/carrom-game/carrom/internal/carrom"
)

// TestTournamentsKeepTheirRounds: a tournament, its entrants, rounds,
// results and log are stored and read back on both databases; the limits
// and the guards of a match begun hold; deleting the organiser's account
// takes the tournament with it, and a player's account leaves a guest.
func TestTournamentsKeepTheirRounds(t *testing.T) {
	eachOpenStore(t, func(t *testing.T, ctx context.Context, st *DB) {
		for _, id := range []string{"org", "ann"} {
			if err := st.CreateAccount(ctx, account.Account{ID: id, Name: id, Password: "h", Created: at}, ""); err != nil {
				t.Fatal(err)
			}
		}
		tn := carrom.Tournament{ID: "t1", Organiser: "org", Name: "Open", Date: "2026-05-01", Place: "Milano", Rules: "icf", Singles: true,
			System: "swiss", Method: "dutch", Rounds: 5, Win: 2, Draw: 1, Phantom: 25, Seed: 1<<63 + 7, Created: at, Format: "bell",
			DelayTop: 2, AvoidCompatriots: 1, AvoidClubmates: 3}
		if err := st.CreateTournament(ctx, tn, 1); err != nil {
			t.Fatal(err)
		}
		second := tn
		second.ID = "t2"
		if err := st.CreateTournament(ctx, second, 1); !errors.Is(err, carrom.ErrLimit) {
			t.Errorf("a second tournament past a limit of 1: %v; want ErrLimit", err)
		}
		got, err := st.Tournament(ctx, "t1")
		if err != nil || got != tn {
			t.Errorf("Tournament = %+v, %v; want %+v", got, err, tn)
		}
		if _, err := st.Tournament(ctx, "nope"); !errors.Is(err, carrom.ErrNotFound) {
			t.Errorf("an unknown tournament: %v", err)
		}
		if list, err := st.Tournaments(ctx, "org"); err != nil || len(list) != 1 || list[0].ID != "t1" {
			t.Errorf("Tournaments(org) = %+v, %v", list, err)
		}
		for i, p := range []carrom.TournamentPlayer{{Account: "ann", Name: "ann", Rating: 1600}, {Name: "Bea", Club: "Roma", Country: "IT"}, {Name: "Cy"}} {
			p.Tournament = "t1"
			num, err := st.AddTournamentPlayer(ctx, p, 3)
			if err != nil || num != i+1 {
				t.Fatalf("player %d: %d, %v", i+1, num, err)
			}
		}
		if _, err := st.AddTournamentPlayer(ctx, carrom.TournamentPlayer{Tournament: "t1", Name: "Dee"}, 3); !errors.Is(err, carrom.ErrLimit) {
			t.Errorf("a fourth player past a limit of 3: %v; want ErrLimit", err)
		}
		if err := st.SetTournamentWithdrawn(ctx, "t1", 3, true); err != nil {
			t.Fatal(err)
		}
		round1 := []carrom.TournamentMatch{{Board: 1, A: 1, B: 2}, {Board: 2, A: 3, Score: [2]int{25, 0}, Source: carrom.ResultPhantom}}
		if err := st.AddTournamentRound(ctx, "t1", 1, round1); err != nil {
			t.Fatal(err)
		}
		if err := st.AddTournamentRound(ctx, "t1", 1, round1); !errors.Is(err, carrom.ErrDuplicate) {
			t.Errorf("round 1 twice: %v; want ErrDuplicate", err)
		}
		fix := carrom.TournamentLog{At: at, Round: 1, Text: "board 1: 2 v 1"}
		if err := st.SetTournamentPairings(ctx, "t1", []carrom.TournamentMatch{{Round: 1, Board: 1, A: 2, B: 1}}, fix); err != nil {
			t.Fatal(err)
		}
		if err := st.SetTournamentPlace(ctx, "t1", 1, 1, "table_id", "tab"); err != nil {
			t.Fatal(err)
		}
		if err := st.SetTournamentPlace(ctx, "t1", 1, 1, "sheet_id", "other"); !errors.Is(err, carrom.ErrNotFound) {
			t.Errorf("a sheet for a match with a table: %v; want ErrNotFound", err)
		}
		if err := st.SetTournamentPairings(ctx, "t1", []carrom.TournamentMatch{{Round: 1, Board: 1, A: 1, B: 2}}, fix); !errors.Is(err, carrom.ErrNotFound) {
			t.Errorf("a correction of a match begun: %v; want ErrNotFound", err)
		}
		m, err := st.TournamentMatchAt(ctx, "table_id", "tab")
		if err != nil || m.Round != 1 || m.Board != 1 || m.A != 2 || m.B != 1 {
			t.Fatalf("TournamentMatchAt = %+v, %v", m, err)
		}
		if err := st.SetTournamentPlace(ctx, "t1", 1, 2, "sheet_id", "sh"); !errors.Is(err, carrom.ErrNotFound) {
			t.Errorf("a sheet for the phantom's match, scored: %v; want ErrNotFound", err)
		}
		if _, err := st.TournamentMatchAt(ctx, "players", "x"); err == nil {
			t.Error("a match found by another column than table_id or sheet_id")
		}
		m.Score, m.Source = [2]int{2, 1}, carrom.ResultOnline
		if err := st.SetTournamentResult(ctx, m, true, nil); err != nil {
			t.Fatal(err)
		}
		if err := st.SetTournamentResult(ctx, m, true, nil); !errors.Is(err, carrom.ErrNotFound) {
			t.Errorf("a result by itself over one stored: %v; want ErrNotFound", err)
		}
		m.Score, m.Source = [2]int{1, 2}, carrom.ResultHand
		if err := st.SetTournamentResult(ctx, m, false, &carrom.TournamentLog{At: at, Round: 1, Text: "board 1: 1-2 by hand, was 2-1"}); err != nil {
			t.Fatal(err)
		}
		ms, err := st.TournamentMatches(ctx, "t1")
		want := []carrom.TournamentMatch{{Tournament: "t1", Round: 1, Board: 1, A: 2, B: 1, Score: [2]int{1, 2}, Source: carrom.ResultHand, Table: "tab"},
			{Tournament: "t1", Round: 1, Board: 2, A: 3, Score: [2]int{25, 0}, Source: carrom.ResultPhantom}}
		if err != nil || len(ms) != 2 || ms[0] != want[0] || ms[1] != want[1] {
			t.Errorf("TournamentMatches = %+v, %v; want %+v", ms, err, want)
		}
		log, err := st.TournamentLog(ctx, "t1")
		if err != nil || len(log) != 2 || log[0] != fix || log[1].Text != "board 1: 1-2 by hand, was 2-1" {
			t.Errorf("TournamentLog = %+v, %v", log, err)
		}
		if _, err := st.DeleteAccount(ctx, "ann"); err != nil {
			t.Fatal(err)
		}
		ps, err := st.TournamentPlayers(ctx, "t1")
		if err != nil || len(ps) != 3 || ps[0].Account != "" || ps[0].Name != "ann" || ps[0].Rating != 1600 || !ps[2].Withdrawn || ps[1].Club != "Roma" {
			t.Errorf("TournamentPlayers after ann's account went = %+v, %v", ps, err)
		}
		if _, err := st.DeleteAccount(ctx, "org"); err != nil {
			t.Fatal(err)
		}
		if _, err := st.Tournament(ctx, "t1"); !errors.Is(err, carrom.ErrNotFound) {
			t.Errorf("the tournament of a deleted organiser: %v; want it gone", err)
		}
	})
}

// TestTournamentImportAllOrNothing: an import stores the tournament, its
// players, rounds and finals in one transaction; when its finals cannot
// be stored, nothing of it is.
func TestTournamentImportAllOrNothing(t *testing.T) {
	eachOpenStore(t, func(t *testing.T, ctx context.Context, st *DB) {
		if err := st.CreateAccount(ctx, account.Account{ID: "org", Name: "org", Password: "h", Created: at}, ""); err != nil {
			t.Fatal(err)
		}
		tn := carrom.Tournament{ID: "t1", Organiser: "org", Name: "Open", Date: "2026-05-01", Rules: "icf", Singles: true,
			System: "swiss", Method: "dutch", Rounds: 1, Win: 2, Draw: 1, Phantom: 25, Created: at}
		players := []carrom.TournamentPlayer{{Name: "Ann"}, {Name: "Bea"}}
		rounds := [][]carrom.TournamentMatch{{{Board: 1, A: 1, B: 2, Score: [2]int{25, 3}, Source: carrom.ResultHand}}}
		fin := carrom.TournamentFinals{Places: 2, BestOf: 3, Prizes: "fixed"}
		if err := st.ImportTournament(ctx, tn, players, nil, rounds, &fin, 5); err != nil {
			t.Fatal(err)
		}
		if got, err := st.TournamentFinals(ctx, "t1"); err != nil || got != fin {
			t.Errorf("the imported finals: %+v, %v; want %+v", got, err, fin)
		}

		refuse := `CREATE TRIGGER refuse_finals BEFORE INSERT ON tournament_finals BEGIN SELECT RAISE(ABORT, 'refused'); END`
		if st.Dialect() == "postgres" {
			if _, err := st.db.ExecContext(ctx, `CREATE FUNCTION refuse_finals() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused'; END $$ LANGUAGE plpgsql`); err != nil {
				t.Fatal(err)
			}
			refuse = `CREATE TRIGGER refuse_finals BEFORE INSERT ON tournament_finals FOR EACH ROW EXECUTE FUNCTION refuse_finals()`
		}
		if _, err := st.db.ExecContext(ctx, refuse); err != nil {
			t.Fatal(err)
		}
		tn.ID = "t2"
		if err := st.ImportTournament(ctx, tn, players, nil, rounds, &fin, 5); err == nil {
			t.Fatal("an import whose finals are refused: no error")
		}
		if _, err := st.Tournament(ctx, "t2"); !errors.Is(err, carrom.ErrNotFound) {
			t.Errorf("the tournament of an import whose finals were refused: %v; want none", err)
		}
		if ps, err := st.TournamentPlayers(ctx, "t2"); err != nil || len(ps) != 0 {
			t.Errorf("its players: %+v, %v; want none", ps, err)
		}
	})
}
